import { AppstoreOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, type MenuProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../../components/logo';
import { Z_INDEX } from '../../../config/constants';
import { env } from '../../../config/env';
import { isOverlayPath, paths } from '../../../config/paths';
import { APPS } from '../../../config/access';
import { permittedApps, useAccess } from '../../../lib/access';
import { useFlag } from '../../../lib/feature-flags';
import { useSession } from '../../../lib/session';
import { logger } from '../../logger';
import { AvatarMenu } from './avatar-menu';
import { MenuButton } from './menu-button';
import { avatarMenuSections } from './menus';

export interface AppHeaderProps {
  title: string | undefined;
  /** Shown beside the title (e.g. the schedule's day navigation). */
  sideHeader?: ReactNode;
  /** Shown in the middle of the header (e.g. a patient search). */
  mainHeader?: ReactNode;
}

/** The global header of spec §2: logo, page title, the two slots, Contact us, the apps and avatar menus. */
export function AppHeader({ title, sideHeader, mainHeader }: AppHeaderProps) {
  const auth = useSession();
  const { pathname } = useLocation();
  const isOverlay = isOverlayPath(pathname);
  const showFeedback = useFlag('ShowFeedbackButton');
  const apps = permittedApps(useAccess());
  const avatar = avatarMenuSections({ auth, isOverlay });
  const hasAppsPermissions = apps.length > 0;

  useEffect(() => {
    if (auth.loggedIn && !hasAppsPermissions) logger.info('No permissions to show any apps menu items');
  }, [auth.loggedIn, hasAppsPermissions]);

  const appsMenu: MenuProps['items'] = apps.map((key) => ({
    key,
    label: <Link to={APPS[key].href}>{APPS[key].label}</Link>,
  }));

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: Z_INDEX.stickyHeader,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
      }}
    >
      <Link to={paths.schedule.href()} aria-label="Cairn home">
        <Logo size="Small" />
      </Link>
      {title && (
        <Typography.Title level={1} style={{ fontSize: 18, margin: 0, whiteSpace: 'nowrap' }}>
          {title}
        </Typography.Title>
      )}
      {sideHeader}
      <Flex flex={1} justify="center">
        {mainHeader}
      </Flex>
      {showFeedback && (
        <Button
          icon={<MessageOutlined aria-hidden />}
          style={{ zIndex: Z_INDEX.feedbackButton }}
          href={`mailto:${env.supportEmail}`}
        >
          Contact us
        </Button>
      )}
      {auth.loggedIn && hasAppsPermissions && (
        <MenuButton label="Apps" icon={<AppstoreOutlined aria-hidden />} items={appsMenu} />
      )}
      {auth.loggedIn && <AvatarMenu auth={auth} showAccount={avatar.account} showSettings={avatar.settings} />}
    </Layout.Header>
  );
}
