/**
 * The shell (spec section 2): header (app title, period, language, user, sign-out), side
 * navigation from the stored menu, and the content outlet. ?layout=empty shows the content only;
 * ?layout=horizontal puts the navigation above the content.
 */
import { useEffect, type ReactNode } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router-dom';
import { useStore } from 'zustand';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ShellData } from '../loaders';
import type { MenuItem } from '../../runtime/menu/menu';
import { prefetchScreensWhenIdle } from '../prefetch';
import { readPrefs } from '../prefs';
import { tenantStore } from '../../runtime/tenant/current';
import { ShellHeader } from './ShellHeader';
import { SideNav } from './SideNav';
import { NavDrawer } from './phone/NavDrawer';
import { PHONE_QUERY } from '../../runtime/ui/viewport';
import { usePhone } from './phone/usePhone';
import './phone/phone.css';
import './fitWindow.css';

const useStyles = makeStyles({
  // a grid screen makes the shell the window's height (fitWindow.css)
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  body: { flex: 1, display: 'flex', minHeight: 0, [`@media ${PHONE_QUERY}`]: { flexDirection: 'column' } },
  horizontal: { flexDirection: 'column' },
  main: {
    flex: 1,
    minWidth: 0,
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground2,
    [`@media ${PHONE_QUERY}`]: { padding: '8px' },
  },
  skip: {
    position: 'absolute',
    insetInlineStart: '-9999px',
    ':focus': {
      insetInlineStart: '8px',
      top: '8px',
      zIndex: 3000,
      backgroundColor: tokens.colorNeutralBackground1,
      padding: '8px',
    },
  },
});

/**
 * Under the 'shell' route it draws the matched child (Outlet) with the loader's menu; the
 * not-found route (src/pages/NotFoundRoute.tsx) passes its own menu and content.
 */
export function ShellLayout(props: { menu?: MenuItem[]; children?: ReactNode }) {
  const styles = useStyles();
  // a tenant chosen in place of a forgotten one (303): the content is drawn again and asks under it
  const tenant = useStore(tenantStore, (s) => s.generation);
  const { t } = useTranslation();
  const data = useRouteLoaderData('shell') as ShellData | undefined;
  const layout = readPrefs().layout;
  // a phone: the menu is a drawer the header's button opens, not a side bar
  const phone = usePhone();
  const menu = props.menu ?? data?.menu ?? [];
  // the grid screen's chunks load once the shell has drawn and the browser is idle (src/prefetch.ts)
  const screens = props.menu ?? data?.menu;
  useEffect(() => prefetchScreensWhenIdle(screens ?? []), [screens]);

  if (layout === 'empty') {
    return (
      <main id="content" className={styles.main}>
        {props.children ?? <Outlet key={tenant} />}
      </main>
    );
  }
  return (
    <div className={styles.root} data-shell-root="">
      <a href="#content" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      <ShellHeader />
      <div
        className={layout === 'horizontal' ? `${styles.body} ${styles.horizontal}` : styles.body}
        data-shell-body=""
      >
        {phone ? <NavDrawer menu={menu} /> : <SideNav menu={menu} horizontal={layout === 'horizontal'} />}
        <main id="content" className={styles.main} tabIndex={-1}>
          {props.children ?? <Outlet key={tenant} />}
        </main>
      </div>
    </div>
  );
}
