import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ScheduleOverview } from '../../../features/schedule/components/schedule-overview';
import { ReadyPostVisitsButton } from '../../../features/summary-notes/components/ready-post-visits-button';

/**
 * The lookup page needs a patient id in its path (spec §2); a word that is not one opens its search
 * with no patient chosen.
 */
const PATIENT_LOOKUP_SEARCH = paths.patientLookup.href({ cairnPatientId: 'search' });

/**
 * /schedule, 'Scheduling Overview': the day's visits, with patient lookup (any patient, not only
 * today's) and the post-visit reviews ready in the toolbar.
 */
export default function SchedulePage() {
  const navigate = useNavigate();
  return (
    <ScheduleOverview
      toolbarExtra={
        <Flex gap={8}>
          <Button icon={<SearchOutlined />} onClick={() => void navigate(PATIENT_LOOKUP_SEARCH)}>
            Patient lookup
          </Button>
          <ReadyPostVisitsButton />
        </Flex>
      }
    />
  );
}
