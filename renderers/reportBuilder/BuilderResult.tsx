/**
 * A report builder answer drawn as a table (every dimension and measure), a pivot (the last
 * dimension across, the first measure in the cells) or a chart of the first measure (the shared SVG
 * charts). A figure whose rows the grid can filter is a button: it asks for those rows (drill-down).
 * Figures in the language's digits; money stays exact (a decimal string past 2^53 is printed as is).
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import type { BuilderAnswer, BuilderRow, BuilderValue } from '../../runtime/shared/reportBuilder';
import { Chart, chartValue } from '../charts/index';
import { localDigits } from '../format/digits';
import { formatMoneyValue } from '../report/reportValues';
import { chartRows, pivot } from './builderLogic';

export type BuilderView = 'table' | 'pivot' | 'bar' | 'line' | 'pie';
export const BUILDER_VIEWS: readonly BuilderView[] = ['table', 'pivot', 'bar', 'line', 'pie'];

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: {
    borderCollapse: 'collapse',
    minWidth: '100%',
    '& th, & td': {
      padding: '4px 8px',
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      textAlign: 'start',
      whiteSpace: 'nowrap',
    },
    '& th': { background: tokens.colorNeutralBackground3, fontWeight: 600 },
  },
  figure: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  drill: { minWidth: 0, padding: '0 4px', fontVariantNumeric: 'tabular-nums' },
});

export function figureText(v: BuilderValue | undefined, lang: Lang): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return formatMoneyValue(v, lang);
  return chartValue(v, lang);
}

export interface BuilderResultProps {
  answer: BuilderAnswer;
  view: BuilderView;
  lang: Lang;
  title: string;
  /** Asks for the rows of an answer row; absent or returning false: the figure does not drill. */
  canDrill?: (row: BuilderRow) => boolean;
  onDrill?: (row: BuilderRow) => void;
}

export function BuilderResult({ answer, view, lang, title, canDrill, onDrill }: BuilderResultProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (answer.rows.length === 0) return <Text>{t('report.noRows')}</Text>;
  const dims = answer.columns.filter((c) => c.role === 'dimension');
  const measures = answer.columns.filter((c) => c.role === 'measure');
  const cell = (row: BuilderRow | undefined, m: number, key: string) => {
    const text = row ? localDigits(figureText(row.values[m], lang), lang) : '';
    return (
      <td key={key} className={styles.figure}>
        {row && onDrill && canDrill?.(row) ? (
          <Button
            appearance="transparent"
            size="small"
            className={styles.drill}
            onClick={() => onDrill(row)}
            aria-label={t('reportBuilder.drill', { value: text, label: row.labels.join(' · ') })}
          >
            {text}
          </Button>
        ) : (
          text
        )}
      </td>
    );
  };
  if (view === 'bar' || view === 'line' || view === 'pie')
    return <Chart kind={view} rows={chartRows(answer)} lang={lang} title={title} />;
  const p = view === 'pivot' ? pivot(answer) : null;
  if (p)
    return (
      <div className={styles.scroll}>
        <table
          className={styles.table}
          aria-label={t('reportBuilder.pivotOf', { title, measure: measures[0]?.label ?? '' })}
        >
          <thead>
            <tr>
              <th scope="col">
                {dims
                  .slice(0, -1)
                  .map((d) => d.label)
                  .join(' · ')}
              </th>
              {p.across.map((c) => (
                <th scope="col" key={c.key} className={styles.figure}>
                  {localDigits(c.label, lang)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{localDigits(r.label, lang)}</th>
                {r.cells.map((c, i) => cell(c, 0, String(i)))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label={title}>
        <thead>
          <tr>
            {dims.map((d) => (
              <th scope="col" key={d.field}>
                {d.label}
              </th>
            ))}
            {measures.map((m, i) => (
              <th scope="col" key={`m${i}`} className={styles.figure}>
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((r) => (
            <tr key={r.keys.map(String).join('|')}>
              {r.labels.map((l, i) => (
                <td key={`d${i}`}>{localDigits(l, lang)}</td>
              ))}
              {measures.map((_, i) => cell(r, i, `m${i}`))}
            </tr>
          ))}
        </tbody>
      </table>
      {answer.truncated && <Text>{t('reportBuilder.truncated', { count: answer.rows.length })}</Text>}
    </div>
  );
}
