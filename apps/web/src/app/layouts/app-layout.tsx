import { App as AntdApp, Layout } from 'antd';
import { NOTIFICATION_CONFIG } from '../../config/constants';
import { Outlet } from 'react-router';
import { useRouteTitle } from '../route-handle';
import { AppHeader } from './header/app-header';

/** The full-screen layout of protected pages: notifications (spec §9), the global header above the page. */
export function AppLayout() {
  const title = useRouteTitle();
  return (
    <AntdApp notification={NOTIFICATION_CONFIG}>
      <Layout style={{ minHeight: '100vh' }}>
        <AppHeader title={title} />
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </AntdApp>
  );
}
