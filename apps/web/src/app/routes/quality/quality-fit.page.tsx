import { QualityPage } from '../../../features/quality';
import { FitOutreach } from '../../../features/quality-fit';

/** /quality-fit, 'Quality Workspace': FIT outreach for colorectal screening (CMS130, issue 19). */
export default function QualityFitPage() {
  return (
    <QualityPage
      current="fit"
      title="FIT outreach"
      description="Mail FIT kits to patients with an open colorectal screening gap (CMS130), track each kit, and import the lab's results: a result closes the gap once the patient's analysis has read it."
    >
      <FitOutreach />
    </QualityPage>
  );
}
