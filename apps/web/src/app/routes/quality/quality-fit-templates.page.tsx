import { QualityPage } from '../../../features/quality';
import { FitTemplates } from '../../../features/quality-fit';

/** /quality-fit-templates, 'Quality Workspace': the FIT letter templates (issue 19). */
export default function QualityFitTemplatesPage() {
  return (
    <QualityPage
      current="fit"
      title="FIT letter templates"
      description="The letters FIT kits are mailed with: their words and merge fields, language and the days given to send the kit back."
    >
      <FitTemplates />
    </QualityPage>
  );
}
