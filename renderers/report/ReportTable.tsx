/**
 * A report's rows as a table (renderers/table/DataTable): the columns shown for the parameters it
 * ran with, figures formatted (reportValues.ts) and aligned with their headers at the line's end,
 * rows indented by their tree level, the totals row last. A figure that drills down is a link
 * (focusable, Enter follows it) to its target's path. The table scrolls sideways inside its own box
 * with its leading label columns kept in view (the first, and the second too when it is also a
 * label: a code and its name, a date and its voucher), and prints whole. Long texts wrap within a
 * measure rather than stretch the table.
 */
import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type Lang } from '../../runtime/shared/definition';
import type { ReportColumn, ReportResult, ReportValue } from '../../runtime/shared/reportDefinition';
import { PHONE_QUERY } from '../../runtime/ui/viewport';
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
/** A cell kept in view while the others scroll (its row's hover colour is drawn on it too). */
const STICKY_CLASS = 'erp-report-sticky';
/** The width of the first column, read after layout: where the second sticky column starts. */
const FIRST_WIDTH = '--erp-report-first-width';

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
    width: 'fit-content',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // as wide as its columns: a statement's amount stays beside its label, not a page's width away
  table: {
    width: 'max-content',
    tableLayout: 'auto',
    // a statement of many figure columns (an 8-column trial balance) fits a laptop's screen
    fontSize: '13px',
    '& td, & th': { paddingInline: '6px' },
    [`& tbody tr:hover > .${STICKY_CLASS}`]: { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  // the leading label columns stay in view while the others scroll under them
  sticky: {
    position: 'sticky',
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  first: { insetInlineStart: 0 },
  second: { insetInlineStart: `var(${FIRST_WIDTH}, 0px)` },
  // the edge the figures scroll under (a shadow: a collapsed border would not stay with the cell;
  // Griffel mirrors it in a right-to-left page)
  edge: { boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}` },
  // figures and their headers at the line's end, digits of one width so places line up
  num: {
    textAlign: 'end',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    // a long header («بستانکار ابتدای دوره») wraps over its figures rather than widen the column
    '& .fui-TableHeaderCell__button': {
      justifyContent: 'flex-end',
      textAlign: 'end',
      whiteSpace: 'normal',
      maxWidth: '7em',
      marginInlineStart: 'auto',
    },
  },
  date: { whiteSpace: 'nowrap' },
  // a text wraps within a measure (a description, a long account name), never narrower than a word
  text: { display: 'inline-block', maxWidth: '22em', whiteSpace: 'normal', verticalAlign: 'middle' },
  // a kept-in-view label is narrower on a phone, so figures have room beside it
  stickyText: { [`@media ${PHONE_QUERY}`]: { maxWidth: '9em' } },
  top: { fontWeight: tokens.fontWeightSemibold },
  total: { fontWeight: tokens.fontWeightSemibold },
});

const NUMERIC = new Set(['money', 'number']);

/** How many leading columns stay in view: the first, and the second when both are labels. */
export function stickyCount(columns: readonly ReportColumn[]): number {
  const label = (c: ReportColumn | undefined) => !!c && !NUMERIC.has(c.kind);
  return label(columns[0]) && label(columns[1]) ? 2 : columns.length > 0 ? 1 : 0;
}

export function ReportTable(props: ReportTableProps) {
  const { columns, result, levelField, lang, drillTarget, onDrill } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const words = { yes: t('report.yes'), no: t('report.no') };
  const text = (value: ReportValue | undefined, column: ReportColumn) =>
    formatReportValue(value, column.kind, lang, words, { absolute: column.absolute });
  const headerOf = (c: ReportColumn) => localDigits(localText(c.label, lang), lang);
  const sticky = stickyCount(columns);
  const scrollRef = useRef<HTMLDivElement>(null);

  // the second sticky column starts where the first ends: its width after layout, kept current
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const first = box?.querySelector('tr > :first-child');
    if (!box || !first || sticky < 2) return;
    const measure = () => box.style.setProperty(FIRST_WIDTH, `${first.getBoundingClientRect().width}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(first);
    return () => observer.disconnect();
  }, [sticky, columns, result]);

  const cellClass = (c: ReportColumn, i: number) =>
    mergeClasses(
      i < sticky && styles.sticky,
      i < sticky && STICKY_CLASS,
      i === 0 && styles.first,
      i === 1 && sticky === 2 && styles.second,
      i === sticky - 1 && styles.edge,
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
      ) : c.kind === 'text' && shown !== '' ? (
        <span className={mergeClasses(styles.text, i < sticky && styles.stickyText)}>{shown}</span>
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
    <div className={mergeClasses(styles.scroll, REPORT_SCROLL_CLASS)} ref={scrollRef} data-table-scroll="">
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
