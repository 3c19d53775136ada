/**
 * /report/savedReport/:id/run: runs one saved report (report.savedReport) through Report/Run and
 * draws its chart and table. The report's definition is data; this page only reads it.
 */
import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { periodKey, periodStore } from '../../runtime/period/current';
import { MessageBar, MessageBarBody, Spinner, Title3, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ReportView } from '../../renderers/report/ReportView';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { runReport, savedReportRequest } from '../../runtime/report/reportClient';
import { getLang } from '../../runtime/lang';
import type { ChartKind, ReportRow } from '../../runtime/shared/reports';
import { useScreenTitle } from '../title';
import { useLoad } from '../../renderers/hooks/useLoad';

const savedReports = createEntityClient({ module: 'report', name: 'savedReport' });

interface Result {
  title: string;
  kind: ChartKind;
  rows: ReportRow[];
}

/**
 * The back link and the title on lines of their own: Fluent's Title3 is inline, so side by side
 * they ran into each other (a long title over the link).
 */
const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  back: { alignSelf: 'flex-start' },
  title: { display: 'block', margin: 0, overflowWrap: 'anywhere' },
});

export function ReportRunPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { id = '' } = useParams();
  const lang = getLang();

  // the report follows the fiscal period (selectedYear): another period runs it again
  const period = useStore(periodStore, periodKey);
  const load = useLoad(async () => {
    const saved = await savedReports.get(Number(id));
    const rows = await runReport(savedReportRequest(saved));
    const chart = saved.chart === 'pie' || saved.chart === 'line' ? saved.chart : 'bar';
    return { title: String(saved.title ?? ''), kind: chart, rows } satisfies Result;
  }, [id, period]); // a failure: the pipeline has shown the error
  const result = load.data;
  useScreenTitle(result?.title ?? null);
  return (
    <section className={styles.page} dir={lang === 'fa' ? 'rtl' : 'ltr'} aria-labelledby="report-title">
      <Link to="/report/savedReport" className={styles.back} data-testid="report-back">
        {t('report.back')}
      </Link>
      {load.failed ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('report.noRows')}</MessageBarBody>
        </MessageBar>
      ) : !result ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <>
          <Title3 as="h1" id="report-title" className={styles.title}>
            {result.title}
          </Title3>
          <ReportView rows={result.rows} kind={result.kind} lang={lang} title={result.title} />
        </>
      )}
    </section>
  );
}
