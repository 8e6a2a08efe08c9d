import { Outlet } from 'react-router';

/** The patient portrait: the selected tab renders below. */
export default function PortraitPage() {
  return <Outlet />;
}
