import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown when a visit or patient has no data Cairn can show yet. */
export default function NoPatientDataPage() {
  return (
    <Result
      status="info"
      title="No patient data"
      subTitle="Cairn has no data for this patient yet. It appears once the patient's records have been received."
      extra={
        <Link to={paths.schedule.href()}>
          <Button>Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}
