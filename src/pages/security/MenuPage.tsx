/**
 * /security/menu: the menu's order and hidden items (for everyone), and which entities each
 * vendor/customer role or user reaches. Titles come from the permission list and the stored menu.
 */
import { Button, makeStyles, Spinner, Tab, TabList, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { loadMenu, readMenu } from '../../../runtime/menu/menu';
import { useLoad } from '../../../renderers/hooks/useLoad';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type MenuLayoutModule, type RoleEntry, type UserEntry } from './api';
import { sortedLayout } from './layout';
import { MenuAccessEditor } from './MenuAccessEditor';
import { MenuLayoutEditor } from './MenuLayoutEditor';

interface Loaded {
  layout: MenuLayoutModule[];
  roles: RoleEntry[];
  users: UserEntry[];
  titles: Map<string, string>;
}

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginBlock: '8px' },
});

function moduleTitles(): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of readMenu() ?? []) out.set(item.route.split('/')[1] ?? '', item.title);
  return out;
}

export function MenuPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { revalidate } = useRevalidator();
  const data = useLoad(async (): Promise<Loaded> => {
    const [layout, roles, users] = await Promise.all([
      securityApi.layout(),
      securityApi.roles(),
      securityApi.users(),
    ]);
    const perms = roles[0] ? await securityApi.permissions(roles[0].role) : { entities: [] };
    const titles = new Map(perms.entities.map((e) => [e.key, e.title]));
    // shell pages (the route planner, the low-code tools) are named by the layout itself
    for (const m of layout) for (const e of m.entities) if (e.title) titles.set(e.key, e.title);
    return { layout: sortedLayout(layout), roles, users, titles };
  }, []).data;
  // the layout as edited here (starts as loaded)
  const [edited, setLayout] = useState<MenuLayoutModule[] | null>(null);
  const layout = edited ?? data?.layout ?? [];
  const [tab, setTab] = useState<'layout' | 'access'>('layout');
  const [saving, setSaving] = useState(false);

  if (!data) return <Spinner label={t('app.loading')} />;
  const modules = moduleTitles();
  const titleOf = (key: string) => data.titles.get(key) ?? key;
  const moduleTitle = (m: string) => modules.get(m) ?? m;

  const saveLayout = async () => {
    setSaving(true);
    try {
      await securityApi.saveLayout(layout);
      toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
      await loadMenu().catch(() => undefined);
      await revalidate();
    } finally {
      setSaving(false);
    }
  };

  return (
    <section>
      <Title3 as="h1">{t('security.menu.title')}</Title3>
      <div className={styles.bar}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'layout' | 'access')}>
          <Tab value="layout">{t('security.menu.layout')}</Tab>
          <Tab value="access">{t('security.menu.access')}</Tab>
        </TabList>
        {tab === 'layout' && (
          <Button appearance="primary" disabled={saving} onClick={() => void saveLayout()}>
            {t('security.menu.saveLayout')}
          </Button>
        )}
      </div>
      {tab === 'layout' ? (
        <MenuLayoutEditor layout={layout} titleOf={titleOf} moduleTitle={moduleTitle} onChange={setLayout} />
      ) : (
        <MenuAccessEditor
          roles={data.roles}
          users={data.users}
          layout={layout}
          titleOf={titleOf}
          moduleTitle={moduleTitle}
        />
      )}
    </section>
  );
}
