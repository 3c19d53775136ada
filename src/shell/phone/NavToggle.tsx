/**
 * The header's menu button of a phone: opens the navigation drawer. Hidden on a wider screen,
 * where the side navigation is always shown.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { PHONE_QUERY } from '../../../runtime/ui/viewport';
import { navDrawerStore, setNavDrawer } from './navDrawer';

const useStyles = makeStyles({
  toggle: {
    display: 'none',
    color: 'inherit',
    minWidth: '40px',
    [`@media ${PHONE_QUERY}`]: { display: 'inline-flex' },
  },
});

export function NavToggle() {
  const styles = useStyles();
  const { t } = useTranslation();
  const open = useStore(navDrawerStore, (s) => s.open);
  const button = useRef<HTMLButtonElement>(null);
  // the drawer closed (Escape, backdrop, a link): the focus, left on nothing, comes back here
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    // tried again while the drawer slides out: its focus trap lets go only once it is gone
    const timers = [0, 150, 400].map((ms) =>
      setTimeout(() => {
        const active = document.activeElement;
        const lost = !active || active === document.body || !active.isConnected;
        if (lost || active.closest('#nav-drawer')) button.current?.focus();
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [open]);
  return (
    <Button
      ref={button}
      className={styles.toggle}
      appearance="transparent"
      size="large"
      icon={<NavigationRegular />}
      aria-label={t('shell.openMenu')}
      aria-expanded={open}
      aria-controls="nav-drawer"
      data-testid="nav-toggle"
      onClick={() => setNavDrawer(!open)}
    />
  );
}
