import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown when the signed-in user lacks the permission a page needs. */
export default function AccessDeniedPage() {
  return (
    <Result
      status="403"
      title="Access denied"
      subTitle="You do not have permission to see this page. Ask your administrator if you need access."
      extra={
        <Link to={paths.schedule.href()}>
          <Button type="primary">Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}
