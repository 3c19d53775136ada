/**
 * The user menu's choices, «change password» and «sign out», opened at the header's user button
 * (UserMenu.tsx). A chunk of its own: Fluent's menu is not needed before a screen's first paint
 * (bench/budget.mjs). Focuses its first item; Escape, a click outside or a choice closes it (onClose
 * gives the focus back to the button).
 */
import { Menu, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The notification bell travels in this chunk (src/shell/ShellHeader.tsx loads it after the first
 * rows): one lazy chunk of the header's parts, one preload list in the shell.
 */
export { NotificationBell } from './NotificationBell';

export interface UserMenuListProps {
  target: HTMLElement | null;
  onChangePassword: () => void;
  onLogout: () => void;
  onClose: () => void;
}

export function UserMenuList({ target, onChangePassword, onLogout, onClose }: UserMenuListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  // the choice first: closing gives the focus back to the button, which must not come before it
  const choose = (action: () => void) => () => {
    action();
    onClose();
  };
  return (
    <Menu
      open
      positioning={{ target }}
      onOpenChange={(_, data) => {
        // the click (or Enter) on the user's button that opened the menu may reach the page after
        // the menu mounted: it is not a click outside; a second click closes through the button
        if (
          data.type === 'clickOutside' &&
          data.event.target instanceof Node &&
          target?.contains(data.event.target)
        )
          return;
        if (!data.open) onClose();
      }}
    >
      <MenuPopover>
        <MenuList ref={list}>
          <MenuItem onClick={choose(onChangePassword)}>{t('changePassword.title')}</MenuItem>
          <MenuItem onClick={choose(onLogout)}>{t('shell.logout')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
