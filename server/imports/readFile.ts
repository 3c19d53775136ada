/**
 * The uploaded file of an import as a table of cells (server/treasury/lineImport.ts reads CSV and
 * XLSX): refused with a clear message when empty or larger than IMPORT_FILE_MAX_BYTES, when it is
 * neither an XLSX workbook nor UTF-8 text (a PDF, an image, an old .xls), or when it has no header
 * row. Formula cells are read as their formula text (`=SUM(A1:A3)`), never their computed result.
 * Blank rows are dropped; each row keeps its sheet row number (1-based, as a spreadsheet shows it).
 * An XLSX file's later sheets are read too (the lines sheets of documents, docs/import.md).
 */
import type { Lang } from '../../runtime/shared/definition';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MAX_ROWS, type ImportFile } from '../../runtime/shared/imports';
import { invalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import { parseCsv, parseXlsxSheets, type Cell } from '../treasury/lineImport';

export type { Cell };

export interface SourceRow {
  /** 1-based row number in the sheet. */
  row: number;
  cells: Cell[];
}

export interface SheetTable {
  /** The sheet's name ('' for CSV). */
  name: string;
  headers: string[];
  rows: SourceRow[];
}

/** The first sheet, and the later sheets of a workbook (`index` 1 = the second sheet). */
export interface SourceTable extends SheetTable {
  sheets: (SheetTable & { index: number })[];
}

const refuse = (lang: Lang, key: string, params: Record<string, unknown> = {}) =>
  invalid([fieldMessage(lang, 'file', `import.${key}`, params)]);

const isBlank = (c: Cell | undefined) =>
  c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** Whether the bytes are text a CSV can be: valid UTF-8 without NUL bytes. */
function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The file's bytes from the request body (base64), size checked. */
export function fileBytes(body: Partial<ImportFile>, lang: Lang): Buffer {
  const content = typeof body.content === 'string' ? body.content : '';
  // the decoded size, known before decoding: a too large file is not decoded at all
  if (content.length > Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4 + 4)
    throw refuse(lang, 'tooLarge', { max: IMPORT_FILE_MAX_BYTES / (1024 * 1024) });
  const data = Buffer.from(content, 'base64');
  if (data.length === 0) throw refuse(lang, 'empty');
  if (data.length > IMPORT_FILE_MAX_BYTES)
    throw refuse(lang, 'tooLarge', { max: IMPORT_FILE_MAX_BYTES / (1024 * 1024) });
  return data;
}

/** A sheet's header row (its first non-blank row) and the data rows after it. */
function sheetTable(name: string, table: Cell[][]): SheetTable {
  const at = table.findIndex((r) => r.some((c) => !isBlank(c)));
  if (at < 0) return { name, headers: [], rows: [] };
  const headers = Array.from(table[at]!, (c) => (isBlank(c) ? '' : String(c).trim()));
  const rows: SourceRow[] = [];
  for (let i = at + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    if (cells.every((c) => isBlank(c))) continue;
    rows.push({ row: i + 1, cells });
  }
  return { name, headers, rows };
}

/** The file's sheets: the first one must have data rows; the later ones (XLSX) may be anything. */
export async function readSource(data: Buffer, lang: Lang): Promise<SourceTable> {
  const zip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b;
  if (!zip && !isText(data)) throw refuse(lang, 'notSpreadsheet');
  let sheets: { name: string; cells: Cell[][] }[];
  try {
    sheets = zip
      ? await parseXlsxSheets(data, 'text')
      : [{ name: '', cells: parseCsv(data.toString('utf8')) }];
  } catch {
    throw refuse(lang, 'notSpreadsheet');
  }
  const [first, ...later] = sheets.map((s) => sheetTable(s.name, s.cells));
  if (!first || first.headers.length === 0 || first.rows.length === 0) throw refuse(lang, 'noRows');
  const total = [first, ...later].reduce((n, s) => n + s.rows.length, 0);
  if (total > IMPORT_MAX_ROWS) throw refuse(lang, 'tooManyRows', { max: IMPORT_MAX_ROWS });
  return { ...first, sheets: later.map((s, i) => ({ ...s, index: i + 1 })) };
}
