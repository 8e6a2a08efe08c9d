import { SearchOutlined } from '@ant-design/icons';
import type { ScheduleSummary } from '@cairn/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAllowedTabsIfAny } from '../../../features/portrait/hooks/use-allowed-tabs';
import { ScheduleOverview } from '../../../features/schedule/components/schedule-overview';
import { ReadyPostVisitsButton } from '../../../features/summary-notes/components/ready-post-visits-button';
import { loadTabScreen, preloadVisit } from '../patient/portrait-preload';
import { loadPortraitScreens } from '../patient/portrait-screens';

/**
 * The lookup page needs a patient id in its path (spec §2); a word that is not one opens its search
 * with no patient chosen.
 */
const PATIENT_LOOKUP_SEARCH = paths.patientLookup.href({ cairnPatientId: 'search' });

/**
 * Issue 16: the portrait shows within 800 ms of a click on a visit. Its chunks (and its first tab's) load
 * while the schedule is read; a pointer on a visit starts its banner's and first tab's data.
 */
function usePortraitAhead(): (summary: ScheduleSummary) => void {
  const queryClient = useQueryClient();
  const firstTab = useAllowedTabsIfAny()?.[0];
  useEffect(() => {
    void loadPortraitScreens().catch(() => undefined);
  }, []);
  useEffect(() => {
    // Its content alone: which patient is not known yet.
    if (firstTab) void loadTabScreen(firstTab);
  }, [firstTab]);
  return useCallback(
    (summary: ScheduleSummary) => {
      const { cairnPatientId, cairnAppointmentId } = summary;
      preloadVisit(queryClient, { cairnPatientId, cairnAppointmentId, firstTab });
    },
    [queryClient, firstTab],
  );
}

/**
 * /schedule, 'Scheduling Overview': the day's visits, with patient lookup (any patient, not only
 * today's) and the post-visit reviews ready in the toolbar.
 */
export default function SchedulePage() {
  const navigate = useNavigate();
  const onVisitIntent = usePortraitAhead();
  return (
    <ScheduleOverview
      onVisitIntent={onVisitIntent}
      toolbarExtra={
        <Flex gap={8}>
          <Button icon={<SearchOutlined aria-hidden />} onClick={() => void navigate(PATIENT_LOOKUP_SEARCH)}>
            Patient lookup
          </Button>
          <ReadyPostVisitsButton />
        </Flex>
      }
    />
  );
}
