/** Landing screen: welcome with the user's name and the menu's entities as quick links. */
import { Link, useRouteLoaderData } from 'react-router-dom';
import { Card, Title2, Title3, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { currentUser } from '../../runtime/auth/session';
import type { ShellData } from '../loaders';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '12px',
    marginTop: '16px',
  },
  list: { margin: 0, paddingInlineStart: '16px' },
});

export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const data = useRouteLoaderData('shell') as ShellData | undefined;
  const name = currentUser()?.name ?? '';
  const groups = (data?.menu ?? []).filter((g) => g.children?.length);
  return (
    <section aria-labelledby="dashboard-title">
      <Title2 as="h1" id="dashboard-title">
        {t('shell.welcome', { name })}
      </Title2>
      <div className={styles.grid} role="list" aria-label={t('shell.quickLinks')}>
        {groups.map((group) => (
          <Card key={group.route} role="listitem">
            <Title3 as="h2">{group.title}</Title3>
            <ul className={styles.list}>
              {group.children!.map((item) => (
                <li key={item.route}>
                  <Link to={item.route}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}
