/**
 * A report's rows as a table (renderers/table/DataTable): the columns shown for the parameters it
 * ran with, figures formatted (reportValues.ts), rows indented by their tree level, the totals row
 * last. A figure that drills down is a link (focusable, Enter follows it) to its target's path. The
 * table scrolls sideways inside its own box with its first column kept in view (a phone), and
 * prints whole.
 */
import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localText, type Lang } from '../../runtime/shared/definition';
import type { ReportColumn, ReportResult, ReportValue } from '../../runtime/shared/reportDefinition';
import { localDigits } from '../format';
import { DataTable, type DataColumn } from '../table/DataTable';
import { formatReportValue, rowLevel } from './reportValues';

type Row = Record<string, ReportValue>;

export interface ReportTableProps {
  /** Accessible name (the report's title). */
  label: string;
  columns: readonly ReportColumn[];
  result: ReportResult;
  levelField?: string;
  lang: Lang;
  drillTarget: (column: ReportColumn, row: Row) => string | null;
  onDrill: (column: ReportColumn, row: Row) => void;
}

export const REPORT_SCROLL_CLASS = 'erp-report-scroll';

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: { width: 'max-content', minWidth: '100%', tableLayout: 'auto' },
  // the first column stays in view while the others scroll under it
  first: {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: '120px',
  },
  num: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  date: { whiteSpace: 'nowrap' },
  top: { fontWeight: tokens.fontWeightSemibold },
  total: { fontWeight: tokens.fontWeightSemibold },
});

const NUMERIC = new Set(['money', 'number']);

export function ReportTable(props: ReportTableProps) {
  const { columns, result, levelField, lang, drillTarget, onDrill } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const words = { yes: t('report.yes'), no: t('report.no') };
  const text = (value: ReportValue | undefined, column: ReportColumn) =>
    formatReportValue(value, column.kind, lang, words);
  const headerOf = (c: ReportColumn) => localDigits(localText(c.label, lang), lang);

  const cellClass = (c: ReportColumn, i: number) =>
    mergeClasses(
      i === 0 && styles.first,
      NUMERIC.has(c.kind) && styles.num,
      c.kind === 'date' && styles.date,
    );

  const tableColumns: DataColumn<Row>[] = columns.map((c, i) => ({
    id: c.field,
    header: headerOf(c),
    className: cellClass(c, i),
    cell: (row) => {
      const value = row[c.field];
      const shown = text(value, c);
      const path = shown !== '' ? drillTarget(c, row) : null;
      const content = path ? (
        <Link
          href={path}
          aria-label={t('reportScreen.drill', { value: shown, column: headerOf(c) })}
          onClick={(e) => {
            e.preventDefault();
            onDrill(c, row);
          }}
        >
          {shown}
        </Link>
      ) : (
        shown
      );
      // a row's tree level indents its first cell
      const level = i === 0 ? rowLevel(row, levelField) : 1;
      if (level === 1) return content;
      return <span style={{ paddingInlineStart: `${(level - 1) * 16}px` }}>{content}</span>;
    },
  }));

  const totalled = columns.filter((c) => c.total);
  const summary =
    totalled.length > 0
      ? Object.fromEntries(
          columns.map((c, i) => [
            c.field,
            <span key={c.field} className={styles.total} data-total={c.field}>
              {c.total ? text(result.totals[c.field], c) : i === 0 ? t('report.total') : ''}
            </span>,
          ]),
        )
      : null;

  return (
    <div className={mergeClasses(styles.scroll, REPORT_SCROLL_CLASS)}>
      <DataTable
        className={styles.table}
        label={props.label}
        columns={tableColumns}
        rows={result.rows}
        rowProps={(row) => {
          const level = rowLevel(row, levelField);
          return {
            'data-level': levelField ? level : undefined,
            className: levelField && level === 1 ? styles.top : undefined,
          };
        }}
        summary={summary}
        empty={<p role="status">{t('report.noRows')}</p>}
      />
    </div>
  );
}
