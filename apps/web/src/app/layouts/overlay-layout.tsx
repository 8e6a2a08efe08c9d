import { Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { Z_INDEX } from '../../config/constants';
import { useRouteTitle } from '../route-handle';

/** The overlay variants run in a narrow EHR side panel: a compact header and the page. */
export function OverlayLayout() {
  const title = useRouteTitle();
  return (
    <Layout style={{ minHeight: '100vh' }} data-overlay>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: Z_INDEX.stickyHeader,
          height: 44,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          paddingInline: 12,
        }}
      >
        <Logo size="Small" withName={false} />
        {title && (
          <Typography.Title level={1} style={{ fontSize: 15, margin: 0 }}>
            {title}
          </Typography.Title>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: 12 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
