/**
 * The printed sheet of a SheetModel: plain React with the class names of PRINT_SHEET_CSS (no UI
 * library), so the browser's print view and the server's PDF (renderToStaticMarkup, server/print)
 * draw the same HTML. Right to left in Persian; every text comes ready from the model.
 */
import { localDigits } from '../fieldKind';
import type { PrintCompany } from '../printFormat';
import type { SheetBlock, SheetLabels, SheetModel } from './sheetModel';

/** The sheet's styles (A4, bordered tables like the official invoice form); scoped by `.ps`. */
export const PRINT_SHEET_CSS = `
.ps { font-family: Vazirmatn, Tahoma, sans-serif; color: #000; background: #fff; font-size: 10pt;
  line-height: 1.45; display: flex; flex-direction: column; gap: 8px; max-width: 190mm; margin: 0 auto; }
.ps h1 { font-size: 14pt; margin: 0; text-align: center; white-space: nowrap; }
.ps-top > * { flex: 1; }
.ps-top > h1 { flex: none; }
.ps-top { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px;
  border-bottom: 2px solid #000; padding-bottom: 6px; }
.ps-company { font-weight: 700; font-size: 12pt; }
.ps-brand { display: flex; gap: 8px; align-items: flex-start; }
.ps-top > .ps-brand { flex: 2; }
.ps-logo { max-height: 22mm; max-width: 40mm; object-fit: contain; }
.ps-ids { display: flex; flex-wrap: wrap; gap: 2px 16px; font-size: 9.5pt; }
.ps-heading { font-weight: 700; white-space: nowrap; text-align: end; }
.ps-box { border: 1px solid #000; }
.ps-box-title { background: #e8e8e8; border-bottom: 1px solid #000; padding: 2px 8px; font-weight: 700; text-align: center; }
.ps-grid { display: grid; gap: 2px 16px; padding: 4px 8px; margin: 0; }
.ps-grid dt { display: inline; font-weight: 700; }
.ps-grid dd { display: inline; margin: 0; }
.ps table { border-collapse: collapse; width: 100%; font-size: 9.5pt; }
.ps th, .ps td { border: 1px solid #000; padding: 2px 4px; vertical-align: top; }
.ps thead th { background: #e8e8e8; }
.ps .ps-num { text-align: end; white-space: nowrap; }
.ps tfoot td { font-weight: 700; }
.ps-totals { margin-inline-start: auto; min-width: 90mm; width: auto !important; }
.ps-words { font-weight: 700; border: 1px solid #000; padding: 4px 8px; margin: 0; }
.ps-signs { display: flex; gap: 12px; }
.ps-sign { flex: 1; border: 1px solid #000; min-height: 20mm; padding: 4px 8px; text-align: center; }
.ps-foot { display: flex; justify-content: space-between; font-size: 9pt; border-top: 1px solid #000; padding-top: 4px; }
.ps-next { break-before: page; page-break-before: always; }
.ps-list thead { display: table-header-group; }
.ps-list tr { break-inside: avoid; }
.ps-note { margin: 0; font-size: 9.5pt; }
`;

/** Only an embedded raster image is drawn as the logo (the server builds it; nothing is fetched). */
const LOGO_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

export function Company({ company, labels }: { company: PrintCompany; labels: SheetLabels }) {
  const ids: [string, string | undefined][] = [
    [labels.economicCode, company.economicCode],
    [labels.nationalId, company.nationalId],
    [labels.postalCode, company.postalCode],
    [labels.phone, company.phone],
    [labels.address, company.address],
  ];
  const logo = company.logo && LOGO_URL.test(company.logo) ? company.logo : undefined;
  return (
    <div data-block="header" className="ps-brand">
      {logo && <img className="ps-logo" src={logo} alt="" data-logo="" />}
      <div>
        {company.name && <div className="ps-company">{company.name}</div>}
        <div className="ps-ids">
          {ids
            .filter(([, v]) => v)
            .map(([label, v]) => (
              <span key={label}>
                {label}: {v}
              </span>
            ))}
        </div>
      </div>
    </div>
  );
}

function Block({ block, model }: { block: SheetBlock; model: SheetModel }) {
  const { labels } = model;
  switch (block.kind) {
    case 'header':
      return null; // drawn in the top row (Sheet)
    case 'party':
    case 'fields': {
      const grid = (
        <dl
          className="ps-grid"
          style={{ gridTemplateColumns: `repeat(${block.kind === 'fields' ? block.columns : 3}, 1fr)` }}
        >
          {block.cells.map((c, i) => (
            <div key={`${c.name}-${i}`} data-field={c.name}>
              <dt>{c.label}: </dt>
              <dd>{c.text}</dd>
            </div>
          ))}
        </dl>
      );
      if (block.kind === 'fields') return <section data-block="fields">{grid}</section>;
      return (
        <section className="ps-box" data-block="party">
          <div className="ps-box-title">{block.title}</div>
          {grid}
        </section>
      );
    }
    case 'lines': {
      const { lines } = block;
      return (
        <table data-block="lines" aria-label={lines.label}>
          <thead>
            <tr>
              <th>{labels.row}</th>
              {lines.columns.map((c, i) => (
                <th key={i}>{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.rows.map((cells, r) => (
              <tr key={r}>
                <td className="ps-num">{localDigits(String(r + 1), model.lang)}</td>
                {cells.map((text, i) => (
                  <td key={i} className={lines.columns[i]!.numeric ? 'ps-num' : undefined}>
                    {text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {lines.sums && (
            <tfoot>
              <tr>
                <td>{labels.sum}</td>
                {lines.sums.map((s, i) => (
                  <td key={i} className="ps-num">
                    {s}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      );
    }
    case 'totals':
      return (
        <table className="ps-totals" data-block="totals">
          <tbody>
            {block.cells.map((c) => (
              <tr key={c.name} data-field={c.name}>
                <th scope="row">{c.label}</th>
                <td className="ps-num">{c.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'words':
      return (
        <p className="ps-words" data-field="amountInWords">
          {labels.amountInWords}: {block.text}
        </p>
      );
    case 'signatures':
      return (
        <div className="ps-signs" data-block="signatures">
          {block.boxes.map((b, i) => (
            <div className="ps-sign" key={i}>
              {b}
            </div>
          ))}
        </div>
      );
    case 'footer':
      return (
        <footer className="ps-foot">
          <span>{block.text}</span>
          <span>
            {labels.printedAt}: {model.printedAt}
          </span>
        </footer>
      );
  }
}

/** One printed document; `next`: it starts on a new page (several printed one after another). */
export function PrintSheet({ model, next }: { model: SheetModel; next?: boolean }) {
  const header = model.blocks.find((b) => b.kind === 'header');
  return (
    <article
      className={next ? 'ps ps-next' : 'ps'}
      dir={model.lang === 'fa' ? 'rtl' : 'ltr'}
      lang={model.lang}
    >
      <div className="ps-top">
        {header?.kind === 'header' ? <Company company={header.company} labels={model.labels} /> : <span />}
        <h1>{model.title}</h1>
        <span className="ps-heading">{model.heading}</span>
      </div>
      {model.blocks.map((b, i) => (
        <Block key={i} block={b} model={model} />
      ))}
    </article>
  );
}
