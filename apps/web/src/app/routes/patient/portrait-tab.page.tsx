import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useAllowedTabs } from '../../../features/portrait/hooks/use-allowed-tabs';
import { findTabByPath, type PortraitTab } from '../../../features/portrait/tabs';
import { TAB_SCREENS, type PortraitTabProps } from './portrait-preload';

/** Each tab's content, loaded with the tab (or ahead of it, portrait-preload.ts). */
const TAB_CONTENT = Object.fromEntries(
  Object.entries(TAB_SCREENS).map(([key, screen]) => [key, lazy(screen.load)]),
) as Partial<Record<PortraitTab['key'], ComponentType<PortraitTabProps>>>;

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
