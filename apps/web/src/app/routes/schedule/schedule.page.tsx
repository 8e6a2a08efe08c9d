import { ScheduleOverview } from '../../../features/schedule/components/schedule-overview';
import { ReadyPostVisitsButton } from '../../../features/summary-notes/components/ready-post-visits-button';

/** /schedule, 'Scheduling Overview': the day's visits, with the post-visit reviews ready in the toolbar. */
export default function SchedulePage() {
  return <ScheduleOverview toolbarExtra={<ReadyPostVisitsButton />} />;
}
