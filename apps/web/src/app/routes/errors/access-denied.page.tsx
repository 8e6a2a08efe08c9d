import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown in place of a page the signed-in user lacks the permission or flag for (config/access.ts). */
export default function AccessDeniedPage() {
  return (
    <Result
      status="403"
      title="You don't have access to this page"
      subTitle="Your account does not have the permission this page needs. Ask your administrator if you need it."
      extra={
        <Link to={paths.schedule.href()}>
          <Button type="primary">Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}
