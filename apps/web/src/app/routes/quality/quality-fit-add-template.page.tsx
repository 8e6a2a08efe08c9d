import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { QualityPage } from '../../../features/quality';
import { FitTemplateForm } from '../../../features/quality-fit';

/** /quality-fit/add-template, 'Quality Workspace': a new FIT letter template (issue 19). */
export default function QualityFitAddTemplatePage() {
  const navigate = useNavigate();
  return (
    <QualityPage
      current="fit"
      title="Add a FIT letter template"
      description="Write the letter with merge fields, choose its language and the days given to send the kit back, and preview it."
    >
      <FitTemplateForm onSaved={() => void navigate(paths.qualityFitTemplates.href())} />
    </QualityPage>
  );
}
