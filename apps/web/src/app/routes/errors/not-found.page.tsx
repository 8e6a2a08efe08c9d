import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Any other path: 'Page not found' with a way back to the schedule (spec §2). */
export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist or has moved."
      extra={
        <Link to={paths.schedule.href()}>
          <Button type="primary">Go to Scheduling Overview</Button>
        </Link>
      }
    />
  );
}
