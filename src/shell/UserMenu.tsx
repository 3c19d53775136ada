/**
 * The header's user menu: the signed-in user's name opens a menu with «change password» and
 * «sign out». Fluent's Menu gives the keyboard behaviour (Enter/Space/ArrowDown open it, arrows
 * move, Escape closes and returns focus). Change password remembers where the user was, so its
 * cancel button (and a successful change) returns there (src/pages/ChangePasswordPage.tsx).
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { currentUser, logout } from '../../runtime/auth/session';

/** What the change-password page reads from the location state to find its way back. */
export interface ReturnState {
  from: string;
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = currentUser();
  if (!user) return null;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          aria-label={t('userMenu.open', { name: user.name })}
          data-testid="user-name"
        >
          {user.name}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem
            onClick={() =>
              void navigate('/security/changePassword', { state: { from } satisfies ReturnState })
            }
          >
            {t('changePassword.title')}
          </MenuItem>
          <MenuItem onClick={() => void logout()}>{t('shell.logout')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
