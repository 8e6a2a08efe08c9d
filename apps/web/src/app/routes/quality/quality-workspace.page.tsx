import { QualityPage, QualityWorklist } from '../../../features/quality';

/** /quality and /quality-workspace, 'Quality Workspace': the organisation's open care gaps (issue 19). */
export default function QualityWorkspacePage() {
  return (
    <QualityPage
      current="worklist"
      title="Worklist"
      description="Open care gaps of your patients: filter them, sort them, select some and export them."
    >
      <QualityWorklist />
    </QualityPage>
  );
}
