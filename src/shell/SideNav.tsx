/** Side navigation from the stored menu: module groups with links to the generated screens. */
import { NavLink } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../runtime/menu/menu';
import { prefetchMenuItem } from '../prefetch';

const useStyles = makeStyles({
  nav: {
    width: '240px',
    flexShrink: 0,
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRightWidth: '1px',
    borderRightStyle: 'solid',
    borderRightColor: tokens.colorNeutralStroke2,
  },
  // a phone: inside the navigation drawer (src/shell/phone/NavDrawer.tsx), as wide as the drawer
  drawer: { width: 'auto', borderRightStyle: 'none', padding: '0 12px 12px' },
  horizontal: {
    width: 'auto',
    display: 'flex',
    gap: '24px',
    flexWrap: 'wrap',
    borderRightStyle: 'none',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: tokens.colorNeutralStroke2,
  },
  group: { margin: '0 0 12px', padding: 0, listStyle: 'none' },
  heading: {
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    margin: '8px 0 4px',
    color: tokens.colorNeutralForeground2,
  },
  link: {
    display: 'block',
    padding: '6px 8px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
});

export function SideNav({
  menu,
  horizontal = false,
  inDrawer = false,
}: {
  menu: MenuItem[];
  horizontal?: boolean;
  /** Drawn inside the phone's navigation drawer. */
  inDrawer?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;
  return (
    <nav
      aria-label={t('shell.menu')}
      className={
        inDrawer
          ? `${styles.nav} ${styles.drawer}`
          : horizontal
            ? `${styles.nav} ${styles.horizontal}`
            : styles.nav
      }
    >
      <NavLink to="/" end className={linkClass}>
        {t('shell.dashboard')}
      </NavLink>
      {menu.map((group) => (
        <section key={group.route} aria-labelledby={`nav-${group.route}`}>
          <h2 id={`nav-${group.route}`} className={styles.heading}>
            {group.title}
          </h2>
          <ul className={styles.group}>
            {(group.children?.length ? group.children : [group]).map((item) => (
              <li key={item.route}>
                <NavLink
                  to={item.route}
                  className={linkClass}
                  // a generated screen's definition and permissions load while the pointer rests on
                  // its link (src/prefetch.ts)
                  onPointerEnter={() => prefetchMenuItem(item)}
                  onFocus={() => prefetchMenuItem(item)}
                >
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
