import { QualityArchive, QualityPage } from '../../../features/quality';

/** /quality-archive, 'Quality Workspace': the closed and excluded care gaps (issue 19). */
export default function QualityArchivePage() {
  return (
    <QualityPage
      current="archive"
      title="Archive"
      description="Care gaps that closed or whose patient was excluded from the measure: when, and by what."
    >
      <QualityArchive />
    </QualityPage>
  );
}
