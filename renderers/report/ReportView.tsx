/** A report's result: its chart and a table of groups and values (with the total), in the user's language. */
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import type { ChartKind, ReportRow } from '../../runtime/shared/reports';
import { Chart } from '../charts/Chart';
import { chartValue, rowLabel } from '../charts/format';

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
      <Table className={styles.table} aria-label={t('report.table', { title })} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('report.group')}</TableHeaderCell>
            <TableHeaderCell className={styles.value}>{t('report.value')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={String(r.key)}>
              <TableCell>{rowLabel(r, lang)}</TableCell>
              <TableCell className={styles.value}>{chartValue(r.value, lang)}</TableCell>
            </TableRow>
          ))}
          {rows.length > 1 && (
            <TableRow>
              <TableCell>
                <strong>{t('report.total')}</strong>
              </TableCell>
              <TableCell className={styles.value}>
                <strong>{chartValue(total, lang)}</strong>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
