import { UserOutlined } from '@ant-design/icons';
import { Avatar, type MenuProps } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AuthState } from '../../../lib/session';
import { MenuButton } from './menu-button';
import { useSettingsMenuItems } from './settings-menu';

export interface AvatarMenuProps {
  auth: Pick<AuthState, 'values' | 'emrName' | 'isSAML'>;
  /** The email and Sign out (spec §6). */
  showAccount: boolean;
  /** The Settings section (spec §6). */
  showSettings: boolean;
}

/** The avatar menu: the account section and, for athena users and admins outside the overlay, Settings. */
export function AvatarMenu({ auth, showAccount, showSettings }: AvatarMenuProps) {
  const account: MenuProps['items'] = showAccount
    ? [
        { key: 'email', label: auth.values.email || 'Signed in', disabled: true },
        // SSO users' second factor belongs to their organisation's identity provider.
        ...(auth.isSAML
          ? []
          : [{ key: 'two-step', label: <Link to={paths.twoStepVerification.href()}>Two-step verification</Link> }]),
        { key: 'sign-out', label: <Link to={paths.logout.href()}>Sign out</Link> },
      ]
    : [];
  if (showSettings) return <AvatarMenuWithSettings account={account} emrName={auth.emrName} />;
  if (account.length === 0) return null;
  return <AvatarDropdown items={account} />;
}

function AvatarMenuWithSettings({ account, emrName }: { account: MenuProps['items']; emrName: string | undefined }) {
  const settings = useSettingsMenuItems(emrName) ?? [];
  const items = account?.length ? [...account, { type: 'divider' as const }, ...settings] : settings;
  return <AvatarDropdown items={items} />;
}

function AvatarDropdown({ items }: { items: MenuProps['items'] }) {
  return (
    <MenuButton label="Account" icon={<Avatar size="small" icon={<UserOutlined aria-hidden />} />} items={items} />
  );
}
