/**
 * Report/Definition/Export: the rows of a run as an .xlsx (exceljs): one sheet named after the
 * report, right to left in Persian, the visible columns' labels in the request language as a bold
 * frozen header, figures as numbers (money with thousands separators and a negative in
 * parentheses, as on the screen; a column shown `absolute` holds the magnitude; a figure beyond
 * 2^53 is written as the nearest number, spreadsheets hold 15 digits), dates as Jalali text, the
 * totals row last in bold (the opening, subtotal and result rows of ledgers and statements bold too).
 */
import ExcelJS from 'exceljs';
import { localText, type Lang } from '../../runtime/shared/definition';
import { isoToJalali, todayJalali } from '../../runtime/shared/jalali';
import {
  ROW_KIND_FIELD,
  type ReportColumn,
  type ReportDefinition,
  type ReportResult,
  type ReportValue,
} from '../../runtime/shared/reportDefinition';
import { t } from '../i18n';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;

/** Money: thousands separators, a negative in parentheses (the screen's reportValues.ts). */
export const MONEY_FORMAT = '#,##0;(#,##0)';

function cell(column: ReportColumn, value: ReportValue | undefined): Cell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money':
    case 'number':
    case 'level': {
      const n = Number(value);
      if (!Number.isFinite(n)) return String(value);
      return column.absolute ? Math.abs(n) : n;
    }
    case 'date':
      return isoToJalali(String(value)) ?? String(value);
    case 'text':
      return String(value);
  }
}

export async function reportWorkbook(
  def: ReportDefinition,
  columns: ReportColumn[],
  result: ReportResult,
  lang: Lang,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const name =
    localText(def.title, lang)
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31) || def.name;
  const sheet = book.addWorksheet(name, {
    views: [{ rightToLeft: lang === 'fa', state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: localText(c.label, lang),
    key: c.field,
    width: c.kind === 'text' ? 36 : 18,
    style: c.kind === 'money' ? { numFmt: MONEY_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of result.rows) {
    const row = sheet.addRow(columns.map((c) => cell(c, r[c.field])));
    if (r[ROW_KIND_FIELD]) row.font = { bold: true };
  }
  if (columns.some((c) => c.total)) {
    const values = columns.map((c) => (c.total ? cell(c, result.totals[c.field]) : null));
    const label = columns.findIndex((c) => !c.total);
    if (label >= 0) values[label] = t(lang, 'report.total');
    sheet.addRow(values).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `attachment` with an ASCII name and the report's title (Persian in fa) per RFC 5987. */
export function reportDisposition(def: ReportDefinition, lang: Lang): string {
  const date = todayJalali().replace(/\//g, '-');
  const title = localText(def.title, lang)
    .trim()
    .replace(/[\s/\\:*?"<>|]+/g, '-');
  const encoded = encodeURIComponent(`${title || def.name}-${date}.xlsx`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${def.name}-${date}.xlsx"; filename*=UTF-8''${encoded}`;
}
