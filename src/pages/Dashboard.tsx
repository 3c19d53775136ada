/**
 * Landing screen: welcome, the user's dashboard (figures and charts of Report/Dashboard, drawn from
 * schemas/dashboard/ definitions; only widgets over entities the user may view) and the menu's
 * entities as quick links.
 */
import { lazy, Suspense } from 'react';
import { Link, useRouteLoaderData } from 'react-router-dom';
import { useStore } from 'zustand';
import { periodKey, periodStore } from '../../runtime/period/current';
import { Card, Spinner, Text, Title2, Title3, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Chart, chartValue } from '../../renderers/charts/index';
import { localDigits } from '../../renderers/format/digits';
import { currentUser } from '../../runtime/auth/session';
import { getLang } from '../../runtime/lang';
import { loadDashboard } from '../../runtime/report/reportClient';
import type { DashboardWidget } from '../../runtime/shared/reports';
import type { ShellData } from '../loaders';
import { useLoad } from '../../renderers/hooks/useLoad';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '12px',
    marginTop: '16px',
  },
  charts: {
    display: 'grid',
    // min(100%, …): a phone narrower than a chart's column gets one column as wide as itself
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))',
    gap: '12px',
    marginTop: '16px',
  },
  // the figure's card is a size container: the figure shrinks with the card (down to 14 px) and
  // wraps as a last resort, so a long Persian amount never loses a digit off the edge
  figureCard: { containerType: 'inline-size', minWidth: 0 },
  figure: {
    fontSize: 'clamp(14px, 9cqi, 24px)',
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
    minWidth: 0,
  },
  list: { margin: 0, paddingInlineStart: '16px' },
});

// the in-app dashboards (report.board cards, renderers/reportBuilder) load in a chunk of their own
const BoardView = lazy(async () => ({
  default: (await import('../../renderers/reportBuilder/BoardView')).BoardView,
}));

function useDashboard(): DashboardWidget[] | null {
  // the figures follow the fiscal period (selectedYear): another period asks again
  const period = useStore(periodStore, periodKey);
  const load = useLoad(() => loadDashboard().then((d) => d.widgets), [period]);
  if (load.failed) return []; // the pipeline has shown the error
  return load.data ?? null;
}

export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const lang = getLang();
  const data = useRouteLoaderData('shell') as ShellData | undefined;
  const name = currentUser()?.name ?? '';
  const groups = (data?.menu ?? []).filter((g) => g.children?.length);
  const widgets = useDashboard();
  const figures = (widgets ?? []).filter((w) => w.kind === 'figure');
  const charts = (widgets ?? []).filter((w) => w.kind !== 'figure');
  return (
    <section aria-labelledby="dashboard-title">
      <Title2 as="h1" id="dashboard-title">
        {t('shell.welcome', { name })}
      </Title2>
      {widgets === null && <Spinner size="small" label={t('app.loading')} />}
      {/* the analyst's way in: whoever has the analyses in the menu builds reports */}
      {groups.some((g) => g.children!.some((c) => c.route === '/report/analysis')) && (
        <p>
          <Link to="/report/builder" data-testid="open-builder">
            {t('reportBuilder.open')}
          </Link>
        </p>
      )}
      <Suspense fallback={null}>
        <BoardView lang={lang} />
      </Suspense>
      {figures.length > 0 && (
        <div className={styles.grid} role="list" aria-label={t('dashboard.figures')}>
          {figures.map((w) => (
            <Card key={w.id} role="listitem" data-widget={w.id} className={styles.figureCard}>
              {/* a title's figures in the language's digits (the answer's digits are Western) */}
              <Text>{localDigits(w.title, lang)}</Text>
              <span className={styles.figure} data-value={w.value}>
                {chartValue(w.value ?? 0, lang)}
              </span>
            </Card>
          ))}
        </div>
      )}
      {charts.length > 0 && (
        <div className={styles.charts} role="list" aria-label={t('dashboard.charts')}>
          {charts.map((w) =>
            w.kind === 'figure' ? null : (
              <Card key={w.id} role="listitem" data-widget={w.id}>
                <Title3 as="h2">{localDigits(w.title, lang)}</Title3>
                {(w.rows ?? []).length === 0 ? (
                  <Text>{t('report.noRows')}</Text>
                ) : (
                  <Chart kind={w.kind} rows={w.rows ?? []} lang={lang} title={localDigits(w.title, lang)} />
                )}
              </Card>
            ),
          )}
        </div>
      )}
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
