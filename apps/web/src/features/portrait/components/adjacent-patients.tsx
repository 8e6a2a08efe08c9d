import type { AdjacentAppointment } from '@cairn/contracts';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAdjacentAppointments } from '../api/adjacent-appointments';

function fullScreenPortraitOf(visit: AdjacentAppointment): string {
  return paths.patientAppointment.href({ cairnPatientId: visit.cairnPatientId, cairnAppointmentId: visit.sid });
}

/** Previous and next patient of the visit's day, in the schedule's order and filters. */
export function AdjacentPatients({
  sid,
  portraitOf = fullScreenPortraitOf,
}: {
  sid: string;
  /** Where a visit's portrait is (full screen by default, the overlay inside an EHR). */
  portraitOf?: (visit: AdjacentAppointment) => string;
}) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useAdjacentAppointments(sid);
  if (isError) return null;
  const previous = data?.previous ?? null;
  const next = data?.next ?? null;
  return (
    <Space.Compact>
      <Tooltip title={previous?.patientName}>
        <Button
          icon={<LeftOutlined aria-hidden />}
          disabled={isPending || !previous}
          loading={isPending}
          onClick={() => previous && void navigate(portraitOf(previous))}
        >
          Previous patient
        </Button>
      </Tooltip>
      <Tooltip title={next?.patientName}>
        <Button
          icon={<RightOutlined aria-hidden />}
          iconPlacement="end"
          disabled={isPending || !next}
          onClick={() => next && void navigate(portraitOf(next))}
        >
          Next patient
        </Button>
      </Tooltip>
    </Space.Compact>
  );
}
