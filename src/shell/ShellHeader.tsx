/**
 * Header of the shell: app title, tenant, current period, language switch, the notification bell
 * (src/shell/NotificationBell.tsx), user menu (src/shell/UserMenu.tsx) and a sign-out button.
 */
import { Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { logout } from '../../runtime/auth/session';
import { PeriodSelector } from './PeriodSelector';
import { TenantSelector } from './TenantSelector';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import type * as HeaderParts from './UserMenuList';
import { NavToggle } from './phone/NavToggle';
import { usePhone } from './phone/usePhone';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '16px',
    flexWrap: 'wrap',
    padding: '8px 16px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  title: {
    color: 'inherit',
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase500,
  },
  spacer: { flex: 1 },
  tools: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    // on a phone the selectors wrap onto more lines instead of widening the page
    flexWrap: 'wrap',
    maxWidth: '100%',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    padding: '4px 8px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
  },
});

/**
 * The notification bell (NotificationBell.tsx, its panel a further chunk) loads after the screen's
 * first rows: none of it counts in what a grid screen loads first.
 */
function LazyBell() {
  const [bell, setBell] = useState<typeof HeaderParts>();
  useEffect(() => {
    const load = () => void import('./UserMenuList').then(setBell);
    // the event a grid screen sends once its first rows show (renderers/screen/EntityScreen.tsx)
    addEventListener('erp:firstrows', load);
    // a screen without a grid: a little later (a later load is the module already loaded)
    setTimeout(load, 8000);
  }, []);
  return bell ? <bell.NotificationBell /> : null;
}

export function ShellHeader() {
  const styles = useStyles();
  const { t } = useTranslation();
  // a phone: tenant, period and language sit at the top of the navigation drawer (NavDrawer)
  const phone = usePhone();
  return (
    <header className={styles.header} data-shell-header="">
      <NavToggle />
      <Link to="/" className={styles.title}>
        {t('app.title')}
      </Link>
      <span className={styles.spacer} />
      <div className={styles.tools} data-shell-tools="">
        {!phone && (
          <>
            <TenantSelector />
            <PeriodSelector />
            <LanguageSwitch />
          </>
        )}
        <LazyBell />
        <UserMenu />
        <Button appearance="primary" onClick={() => void logout()}>
          {t('shell.logout')}
        </Button>
      </div>
    </header>
  );
}
