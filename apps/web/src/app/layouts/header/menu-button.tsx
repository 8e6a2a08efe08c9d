import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';

export interface MenuButtonProps {
  /** The button's accessible name ("Apps", "Account"). */
  label: string;
  icon: ReactNode;
  items: MenuProps['items'];
}

/**
 * A header button that opens a menu on click, as the WAI-ARIA menu button pattern has it: the focus moves
 * into the menu it opens, so that the arrow keys choose an item and Enter follows it.
 */
export function MenuButton({ label, icon, items }: MenuButtonProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the focus moves into a menu the user has just opened
    <Dropdown menu={{ items }} trigger={['click']} autoFocus>
      <Button type="text" aria-label={label} icon={icon} />
    </Dropdown>
  );
}
