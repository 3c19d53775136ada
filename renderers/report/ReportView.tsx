/** A report's result: its chart and a table of groups and values (with the total), in the user's language. */
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import type { ChartKind, ReportRow } from '../../runtime/shared/reports';
import { Chart } from '../charts/Chart';
import { chartValue, rowLabel } from '../charts/format';
import { DataTable } from '../table/DataTable';

export interface ReportViewProps {
  rows: ReportRow[];
  kind: ChartKind;
  lang: Lang;
  title: string;
}

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '16px' },
  table: { maxWidth: '640px' },
  value: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

export function ReportView({ rows, kind, lang, title }: ReportViewProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (rows.length === 0) return <p role="status">{t('report.noRows')}</p>;
  const total = rows.reduce((s, r) => s + r.value, 0);
  return (
    <div className={styles.wrap} dir={lang === 'fa' ? 'rtl' : 'ltr'}>
      <Chart kind={kind} rows={rows} lang={lang} title={t('report.chart', { title })} />
      <DataTable
        className={styles.table}
        label={t('report.table', { title })}
        columns={[
          { id: 'group', header: t('report.group'), cell: (r) => rowLabel(r, lang) },
          {
            id: 'value',
            header: t('report.value'),
            className: styles.value,
            cell: (r) => chartValue(r.value, lang),
          },
        ]}
        rows={rows}
        rowKey={(r) => String(r.key)}
        summary={
          rows.length > 1
            ? {
                group: <strong>{t('report.total')}</strong>,
                value: <strong>{chartValue(total, lang)}</strong>,
              }
            : null
        }
      />
    </div>
  );
}
