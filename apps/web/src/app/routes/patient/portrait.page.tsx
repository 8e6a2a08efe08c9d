import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result } from 'antd';
import { useEffect } from 'react';
import { useState } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { paths, isOverlayPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useAppointmentDetails } from '../../../features/patients/api/appointment-details';
import { usePatientDemographics } from '../../../features/patients/api/patient-demographics';
import { RefreshFromEhrButton } from '../../../features/overlay/components/refresh-from-ehr-button';
import { AdjacentPatients } from '../../../features/portrait/components/adjacent-patients';
import { PatientBanner } from '../../../features/portrait/components/patient-banner';
import { PortraitTabBar } from '../../../features/portrait/components/portrait-tab-bar';
import { useAllowedTabs } from '../../../features/portrait/hooks/use-allowed-tabs';
import { findTabByPath, PORTRAIT_TABS, type PortraitTab } from '../../../features/portrait/tabs';
import { useInvalidateOnVisitEvents } from '../../../features/realtime/use-visit-events';
import { summaryNotificationsKey } from '../../../features/summary-notes/api/get-summary-notifications';
import { SummaryNotesButton } from '../../../features/summary-notes/components/summary-notes-button';
import { SummaryNotifications } from '../../../features/summary-notes/components/summary-notifications';
import { LoadingState } from '../../../components/loading-state';
import { useEhrReadUpdates } from './ehr-read-updates';
import { preloadTabs } from './portrait-preload';
import { TabActionsTarget } from '../../../components/tab-actions';

function PatientNotFound({ message }: { message: string | undefined }) {
  return (
    <Result
      status="404"
      title="Patient not found"
      subTitle={message ?? 'This patient or visit does not exist, or you may not see it.'}
      extra={
        <Link to={paths.schedule.href()}>
          <Button type="primary">Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}

/** The banner's data: the visit's details with an appointment, the patient's demographics without. */
function usePortraitData(cairnPatientId: string | undefined, cairnAppointmentId: string | undefined) {
  const details = useAppointmentDetails(cairnAppointmentId);
  const demographics = usePatientDemographics(cairnAppointmentId ? undefined : cairnPatientId);
  if (cairnAppointmentId) {
    return { ...details, patient: details.data?.patient, visit: details.data?.appointment };
  }
  return { ...demographics, patient: demographics.data, visit: undefined };
}

/**
 * Issue 16: a tab change renders from the cache. The tab shown (or, before the index has picked it,
 * the first allowed) is loaded at once beside the banner rather than after the redirect and the tab
 * route; then every other allowed tab's content and data. Again on a tab change, which costs nothing
 * while the cache is fresh.
 */
function usePreloadedTabs(ids: { cairnPatientId: string; cairnAppointmentId: string | undefined }) {
  const queryClient = useQueryClient();
  const tabs = useAllowedTabs();
  const { pathname } = useLocation();
  const shownKey = (findTabByPath(pathname.replace(/\/$/, '').split('/').at(-1)) ?? tabs?.[0])?.key;
  // Keys, not the list: the hook answers a new list on every render.
  const tabKeys = tabs?.map((tab) => tab.key).join(' ');
  const { cairnPatientId, cairnAppointmentId } = ids;
  useEffect(() => {
    if (tabKeys === undefined) return;
    const allowed = PORTRAIT_TABS.filter((tab) => tabKeys.split(' ').includes(tab.key));
    const shown = allowed.find((tab) => tab.key === shownKey);
    void preloadTabs(queryClient, { tabs: allowed, shown, cairnPatientId, cairnAppointmentId });
  }, [queryClient, tabKeys, shownKey, cairnPatientId, cairnAppointmentId]);
}

/**
 * The patient portrait, full screen and in the overlay (spec §2): the banner, the allowed tabs, and
 * the selected tab below. Failures other than not found go to the route's error screen.
 */
export default function PortraitPage() {
  const { cairnPatientId = '', cairnAppointmentId } = useParams();
  const { pathname } = useLocation();
  const tabs = useAllowedTabs();
  const { patient, visit, error, isPending } = usePortraitData(cairnPatientId, cairnAppointmentId);
  usePreloadedTabs({ cairnPatientId, cairnAppointmentId });
  useEhrReadUpdates(cairnAppointmentId, cairnPatientId);
  // The banner (risk score) and the notifications follow the visit's changes without a reload.
  useInvalidateOnVisitEvents(
    cairnAppointmentId,
    cairnAppointmentId ? [['appointmentDetails', cairnAppointmentId], summaryNotificationsKey(cairnAppointmentId)] : [],
  );
  // The selected tab's actions sit beside the tab bar (issue 16 item 1: a visit fits one screen).
  const [tabActionsTarget, setTabActionsTarget] = useState<HTMLElement | null>(null);
  const lastSegment = pathname.replace(/\/$/, '').split('/').at(-1);
  const activeTab = findTabByPath(lastSegment);
  const isUnknownTab = !activeTab && lastSegment !== cairnPatientId && lastSegment !== cairnAppointmentId;
  if (error) {
    // An unknown tab is reported as such whoever the patient is (spec §2).
    if (isUnknownTab) return <Outlet />;
    if (error instanceof ApiError && error.code === 'NOT_FOUND')
      return <PatientNotFound message={error.serverMessage} />;
    throw error;
  }
  const overlay = isOverlayPath(pathname);
  const hrefOf = (tab: PortraitTab): string => {
    if (overlay) {
      const base = activeTab ? pathname.slice(0, pathname.lastIndexOf('/')) : pathname.replace(/\/$/, '');
      return `${base}/${tab.path}`;
    }
    return cairnAppointmentId
      ? paths.patientAppointmentTab.href({ cairnPatientId, cairnAppointmentId, tab: tab.path })
      : paths.patientTab.href({ cairnPatientId, tab: tab.path });
  };
  return (
    <Flex vertical gap={12}>
      {isPending || !patient ? (
        <LoadingState label="Loading patient" rows={2} />
      ) : (
        <PatientBanner
          patient={patient}
          visit={visit}
          actions={
            visit && (
              <>
                <SummaryNotesButton sid={visit.sid} />
                <SummaryNotifications sid={visit.sid} />
                {overlay && <RefreshFromEhrButton sid={visit.sid} />}
              </>
            )
          }
          navigation={visit && !overlay && <AdjacentPatients sid={visit.sid} />}
        />
      )}
      {tabs && (
        <PortraitTabBar
          tabs={tabs}
          activePath={activeTab?.path}
          hrefOf={hrefOf}
          extra={<div ref={setTabActionsTarget} style={{ display: 'flex', gap: 8, alignItems: 'center' }} />}
        />
      )}
      <TabActionsTarget.Provider value={tabActionsTarget}>
        <Outlet />
      </TabActionsTarget.Provider>
    </Flex>
  );
}
