/**
 * The printed sheet of a list print (listSheet.ts): the company header, the list's title, its
 * search and row count, one bordered table (a row number, then the grid's visible columns; the
 * header repeats on every printed page), the money columns' sums, a note when the list was cut and
 * the print date. Plain React with PRINT_SHEET_CSS, as PrintSheet.
 */
import { localDigits } from '../fieldKind';
import { Company } from './PrintSheet';
import type { ListSheet as Model } from './listSheet';
import type { SheetLabels } from './sheetModel';

export function ListSheet({ sheet, companyLabels }: { sheet: Model; companyLabels: SheetLabels }) {
  const { labels } = sheet;
  return (
    <article className="ps" dir={sheet.lang === 'fa' ? 'rtl' : 'ltr'} lang={sheet.lang} data-list-print="">
      <div className="ps-top">
        <Company company={sheet.company} labels={companyLabels} />
        <h1>{sheet.title}</h1>
        <span className="ps-heading" data-count="">
          {sheet.count}
        </span>
      </div>
      {sheet.search && <p className="ps-note">{sheet.search}</p>}
      {sheet.cut && (
        <p className="ps-words" role="note" data-cut="">
          {sheet.cut}
        </p>
      )}
      <table className="ps-list" aria-label={sheet.title}>
        <thead>
          <tr>
            <th>{labels.row}</th>
            {sheet.columns.map((c) => (
              <th key={c.name} data-column={c.name}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((cells, r) => (
            <tr key={r}>
              <td className="ps-num">{localDigits(String(r + 1), sheet.lang)}</td>
              {cells.map((text, i) => (
                <td key={i} className={sheet.columns[i]!.numeric ? 'ps-num' : undefined}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {sheet.sums && (
          <tfoot>
            <tr data-sums="">
              <td>{labels.sum}</td>
              {sheet.sums.map((s, i) => (
                <td key={i} className="ps-num">
                  {s}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      <footer className="ps-foot">
        <span />
        <span>
          {labels.printedAt}: {sheet.printedAt}
        </span>
      </footer>
    </article>
  );
}
