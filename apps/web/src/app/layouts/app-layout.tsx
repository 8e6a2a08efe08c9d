import { App as AntdApp, Layout } from 'antd';
import { NOTIFICATION_CONFIG } from '../../config/constants';
import { Outlet } from 'react-router';
import { stopViewOnlyAction, useOverlayOnlyRedirect, useViewOnlyClass } from '../../features/overlay';
import { useRouteTitle } from '../route-handle';
import { AppHeader } from './header/app-header';

/**
 * The full-screen layout of protected pages: notifications (spec §9), the global header above the page.
 * Spec §4: with the overlay-only configuration a summary view moves to its overlay path, and a user
 * with the view-only permission gets the view-only style, whose actions do nothing.
 */
export function AppLayout() {
  const title = useRouteTitle();
  useOverlayOnlyRedirect();
  const viewOnlyClass = useViewOnlyClass();
  return (
    <AntdApp notification={NOTIFICATION_CONFIG}>
      <Layout style={{ minHeight: '100vh' }} className={viewOnlyClass} onClickCapture={stopViewOnlyAction}>
        <AppHeader title={title} />
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </AntdApp>
  );
}
