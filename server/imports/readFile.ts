/**
 * The uploaded file of an import as a table of cells (server/treasury/lineImport.ts reads CSV and
 * XLSX): refused with a clear message when empty or larger than IMPORT_FILE_MAX_BYTES, when it is
 * neither an XLSX workbook nor UTF-8 text (a PDF, an image, an old .xls), or when it has no header
 * row. Formula cells are read as their formula text (`=SUM(A1:A3)`), never their computed result.
 * Blank rows are dropped; each row keeps its sheet row number (1-based, as a spreadsheet shows it).
 */
import type { Lang } from '../../runtime/shared/definition';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MAX_ROWS, type ImportFile } from '../../runtime/shared/imports';
import { invalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import { readTable, type Cell } from '../treasury/lineImport';

export type { Cell };

export interface SourceRow {
  /** 1-based row number in the sheet. */
  row: number;
  cells: Cell[];
}

export interface SourceTable {
  headers: string[];
  rows: SourceRow[];
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

/** The header row (the first non-blank row) and the data rows after it. */
export async function readSource(fileName: string, data: Buffer, lang: Lang): Promise<SourceTable> {
  const zip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b;
  if (!zip && !isText(data)) throw refuse(lang, 'notSpreadsheet');
  let table: Cell[][];
  try {
    table = await readTable(zip ? fileName : 'upload.csv', data, 'text');
  } catch {
    throw refuse(lang, 'notSpreadsheet');
  }
  const at = table.findIndex((r) => r.some((c) => !isBlank(c)));
  if (at < 0) throw refuse(lang, 'noRows');
  const headers = Array.from(table[at]!, (c) => (isBlank(c) ? '' : String(c).trim()));
  const rows: SourceRow[] = [];
  for (let i = at + 1; i < table.length; i++) {
    const cells = table[i] ?? [];
    if (cells.every((c) => isBlank(c))) continue;
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) throw refuse(lang, 'noRows');
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(lang, 'tooManyRows', { max: IMPORT_MAX_ROWS });
  return { headers, rows };
}
