import { QualityPage, QualityPatients } from '../../../features/quality';

/** /quality-patients, 'Quality Workspace': the patients with their care gaps counted (issue 19). */
export default function QualityPatientsPage() {
  return (
    <QualityPage current="patients" title="Patients" description="Each patient's care gaps: open, closed and excluded.">
      <QualityPatients />
    </QualityPage>
  );
}
