import { CheckOutlined } from '@ant-design/icons';
import { App, type MenuProps } from 'antd';
import {
  addonButtonClickBehavior,
  useUpdateUserConfig,
  useUserConfig,
  type AddonButtonClickBehavior,
} from '../../../features/auth/api/user-config';
import { logger } from '../../logger';

const CHOICES: { key: AddonButtonClickBehavior; label: string }[] = [
  { key: 'tab', label: 'Open in new tab' },
  { key: 'window', label: 'Open in new window' },
];

/**
 * The avatar menu's Settings section (spec §6): how the EMR add-on button opens Cairn, in a new tab
 * or a new window. The choice shows at once and is undone if saving fails (spec §4, §8 messages).
 */
export function useSettingsMenuItems(emrName: string | undefined): MenuProps['items'] {
  const { message } = App.useApp();
  const { data: config } = useUserConfig();
  const update = useUpdateUserConfig();
  const current = addonButtonClickBehavior(config);

  function choose(behavior: AddonButtonClickBehavior) {
    logger.event('SettingsClick', { addonButtonClickBehavior: behavior });
    update.mutate(
      { addonButtonClickBehavior: behavior },
      {
        onSuccess: () => {
          logger.event('SettingsResultShown', { result: 'success' });
          void message.success(`Settings are updated, please refresh ${emrName ?? 'your EMR'}`);
        },
        onError: () => {
          logger.event('SettingsResultShown', { result: 'error' });
          void message.error('Something unexpected happened, please try again later');
        },
      },
    );
  }

  return [
    {
      type: 'group',
      key: 'settings',
      label: 'Settings',
      children: CHOICES.map(({ key, label }) => ({
        key: `settings-${key}`,
        label,
        icon: current === key ? <CheckOutlined aria-label="Selected" /> : <span style={{ width: 14 }} />,
        disabled: update.saveStatus === 'loading',
        onClick: () => choose(key),
      })),
    },
  ];
}
