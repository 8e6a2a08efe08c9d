import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** /patient with no id (spec §2). */
export default function MissingPatientIdPage() {
  return (
    <Result
      status="warning"
      title="We're missing a patient ID"
      subTitle="Open a patient from the schedule or from patient lookup."
      extra={
        <Link to={paths.schedule.href()}>
          <Button type="primary">Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}
