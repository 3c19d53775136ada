/**
 * The side navigation inside an overlay drawer, for a phone. Fluent's OverlayDrawer closes it on
 * Escape and on a tap on the backdrop, keeps the focus inside while open and gives it back to
 * the menu button when closed; a navigation (a tapped link, or any change of route) closes it too.
 */
import {
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Button,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import type { MenuItem } from '../../../runtime/menu/menu';
import { LanguageSwitch } from '../LanguageSwitch';
import { PeriodSelector } from '../PeriodSelector';
import { SideNav } from '../SideNav';
import { TenantSelector } from '../TenantSelector';
import { navDrawerStore, setNavDrawer } from './navDrawer';

const useStyles = makeStyles({
  drawer: { width: 'min(300px, 85vw)' },
  body: { padding: 0 },
  tools: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '8px',
    padding: '0 12px 12px',
    marginBottom: '8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export function NavDrawer({ menu }: { menu: MenuItem[] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const open = useStore(navDrawerStore, (s) => s.open);
  const { pathname } = useLocation();
  useEffect(() => setNavDrawer(false), [pathname]);
  // a tapped link closes the drawer even when it leads to the page already shown
  const onClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) setNavDrawer(false);
  };
  return (
    <OverlayDrawer
      id="nav-drawer"
      className={styles.drawer}
      position="start"
      open={open}
      onOpenChange={(_, data) => setNavDrawer(data.open)}
      dir={i18n.dir?.(i18n.language) ?? 'rtl'}
      aria-label={t('shell.menu')}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('shell.closeMenu')}
              icon={<DismissRegular />}
              onClick={() => setNavDrawer(false)}
            />
          }
        >
          {t('shell.menu')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body} onClick={onClick}>
        {/* the header's selectors, which a phone's header has no room for */}
        <div className={styles.tools} data-testid="drawer-tools">
          <TenantSelector />
          <PeriodSelector />
          <LanguageSwitch />
        </div>
        <SideNav menu={menu} inDrawer />
      </DrawerBody>
    </OverlayDrawer>
  );
}
