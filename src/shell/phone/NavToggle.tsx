/**
 * The header's menu button of a phone: opens the navigation drawer. Hidden on a wider screen,
 * where the side navigation is always shown.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
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
  return (
    <Button
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
