import { App as AntdApp, Layout, Tag, Typography } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { NOTIFICATION_CONFIG, Z_INDEX } from '../../config/constants';
import { addonButtonClickBehavior, useUserConfig } from '../../features/auth/api/user-config';
import { EhrSyncWarning, stopViewOnlyAction, useOverlayAddonMessages, useViewOnlyClass } from '../../features/overlay';
import { readyPostVisitsKey } from '../../features/summary-notes/api/get-ready-post-visits';
import { logger } from '../logger';
import { useRouteTitle } from '../route-handle';

/**
 * The summary's caches each add-on message refreshes (prefixes of the features' query keys). The
 * diagnoses show in the visit's details and the clinical summary's problems until a diagnoses
 * feature has keys of its own.
 */
const SUMMARY_QUERY_KEYS: { diagnoses: QueryKey[]; notifications: QueryKey[] } = {
  diagnoses: [['appointmentDetails'], ['clinicalSummary']],
  notifications: [['summaryNotifications'], readyPostVisitsKey],
};

function useAddonWiring(): void {
  const { data: config } = useUserConfig();
  useOverlayAddonMessages({
    logger,
    openBehavior: addonButtonClickBehavior(config),
    queryKeys: SUMMARY_QUERY_KEYS,
  });
}

/**
 * The overlay variants run in a narrow EHR side panel (360-600 px): a compact header without the apps
 * menu, the page edge to edge, the add-on's messages heard, and view-only applied (spec §4).
 */
export function OverlayLayout() {
  const title = useRouteTitle();
  const viewOnlyClass = useViewOnlyClass();
  useAddonWiring();
  return (
    <AntdApp notification={NOTIFICATION_CONFIG}>
      <Layout
        style={{ minHeight: '100vh', minWidth: 0 }}
        data-overlay
        className={viewOnlyClass}
        onClickCapture={stopViewOnlyAction}
      >
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: Z_INDEX.stickyHeader,
            height: 44,
            lineHeight: '44px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            paddingInline: 8,
          }}
        >
          <Logo size="Small" withName={false} />
          {title && (
            <Typography.Title level={1} ellipsis style={{ fontSize: 15, margin: 0, flex: 1, minWidth: 0 }}>
              {title}
            </Typography.Title>
          )}
          {viewOnlyClass && <Tag style={{ marginInlineEnd: 0 }}>View only</Tag>}
        </Layout.Header>
        <Layout.Content style={{ paddingBlock: 8, paddingInline: 8, minWidth: 0 }}>
          <EhrSyncWarning />
          <Outlet />
        </Layout.Content>
      </Layout>
    </AntdApp>
  );
}
