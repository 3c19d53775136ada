/**
 * The header's user menu: the signed-in user's name opens a menu with «change password» and
 * «sign out» (UserMenuList.tsx, loaded on the first opening so Fluent's menu stays out of a
 * screen's first load). Enter, Space and ArrowDown open it; in it the arrows move and Escape closes
 * it and returns the focus to the button. Change password remembers where the user was, so its
 * cancel button (and a successful change) returns there (src/pages/ChangePasswordPage.tsx).
 */
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { currentUser, logout } from '../../runtime/auth/session';
import { loadingFinished, loadingStarted } from '../../runtime/http/loading';
import { toast } from '../../runtime/ui/toasts';
import type { UserMenuListProps } from './UserMenuList';

/** What the change-password page reads from the location state to find its way back. */
export interface ReturnState {
  from: string;
}

let loaded: ComponentType<UserMenuListProps> | undefined;

/** The menu's chunk (once); null and a toast when it cannot load. */
async function loadList(): Promise<ComponentType<UserMenuListProps> | null> {
  if (loaded) return loaded;
  loadingStarted();
  try {
    loaded = (await import('./UserMenuList')).UserMenuList;
    return loaded;
  } catch {
    toast({ text: 'app.partUnavailable', kind: 'error' });
    return null;
  } finally {
    loadingFinished();
  }
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{
    List: ComponentType<UserMenuListProps>;
    target: HTMLElement | null;
  } | null>(null);
  const user = currentUser();
  if (!user) return null;
  const from = `${location.pathname}${location.search}${location.hash}`;
  const open = () => {
    const target = button.current;
    void loadList().then((found) => {
      if (found) setMenu({ List: found, target });
    });
  };
  const close = () => {
    setMenu(null);
    button.current?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    open();
  };
  return (
    <>
      <Button
        ref={button}
        appearance="subtle"
        aria-label={t('userMenu.open', { name: user.name })}
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        data-testid="user-name"
        onClick={() => (menu ? close() : open())}
        onKeyDown={onKey}
      >
        {user.name}
      </Button>
      {menu && (
        <menu.List
          target={menu.target}
          onChangePassword={() =>
            void navigate('/security/changePassword', { state: { from } satisfies ReturnState })
          }
          onLogout={() => void logout()}
          onClose={close}
        />
      )}
    </>
  );
}
