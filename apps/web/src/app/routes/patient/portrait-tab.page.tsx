import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useAllowedTabs } from '../../../features/portrait/hooks/use-allowed-tabs';
import { findTabByPath, type PortraitTab } from '../../../features/portrait/tabs';

interface TabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** Each tab's content, loaded with the tab. Tabs of later capabilities have none yet and render nothing. */
const TAB_CONTENT: Partial<Record<PortraitTab['key'], ComponentType<TabProps>>> = {
  DxSummary: lazy(() =>
    import('./dx-summary-tab.page').then((module) => ({
      default: module.DxSummaryTabPage,
    })),
  ),
  ClinicalSummary: lazy(() =>
    import('../../../features/clinical-summary/components/clinical-summary-tab').then((module) => ({
      default: module.ClinicalSummaryTab,
    })),
  ),
  DocumentsList: lazy(() =>
    import('../../../features/documents/components/documents-tab').then((module) => ({
      default: module.DocumentsTab,
    })),
  ),
};

/**
 * The portrait's tab route: a tab the user may see, or the spec's unknown-tab message (a tab their
 * flags leave out is as unknown to them as a misspelt one).
 */
export default function PortraitTabPage() {
  const { tab, cairnPatientId = '', cairnAppointmentId } = useParams();
  const allowed = useAllowedTabs();
  if (!allowed) return null;
  const found = findTabByPath(tab);
  if (!found || !allowed.includes(found)) return <NotFoundMessage name="Tab" />;
  const Content = TAB_CONTENT[found.key];
  if (!Content) return null;
  return (
    <Suspense fallback={null}>
      <Content patientId={cairnPatientId} appointmentId={cairnAppointmentId} />
    </Suspense>
  );
}
