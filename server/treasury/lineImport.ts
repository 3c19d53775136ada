/**
 * Lines of a document read from a file (a child table's `import`, runtime/shared/treasury.ts): a
 * CSV (UTF-8, with or without BOM; comma, semicolon or tab separated; RFC 4180 quotes) or an XLSX
 * (its first sheet, exceljs) becomes a table of cells; the first row (of the first ten) naming one
 * of the declared headers is the header row; each later row that is not empty becomes a line,
 * each value read as its field's kind:
 * - dates: Jalali (`1405/02/31`, `۱۴۰۵-۲-۳۱`) or Gregorian (`2026-05-21`, `2026/5/21`), a year
 *   below 1700 being Jalali; a time after the date is ignored; spreadsheet dates as they are;
 * - whole amounts: Persian or Arabic digits, thousands separators (`,` `٬` `،` spaces), a currency
 *   word, a leading or trailing minus or parentheses for a negative; the `signed` pair of columns
 *   (a plus and a minus column) gives one signed amount;
 * - text: trimmed, Arabic letters and digits in their Persian / Western forms.
 * Nothing is stored: the lines go back to the form, which the user saves. Problems name the line
 * (0-based) and the field.
 */
import ExcelJS from 'exceljs';
import type { ChildDefinition } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import { jalaliToIso, parseIso } from '../../runtime/shared/jalali';
import { normalizeText, toWesternDigits } from '../../runtime/shared/normalize';
import { headerKey, IMPORT_MAX_LINES, type LineImportSpec } from '../../runtime/shared/treasury';

export type Cell = string | number | boolean | Date | null;

/** A problem of one line: its index among the lines read, the field and a translation key. */
export interface ImportProblem {
  line: number;
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

export interface ImportResult {
  lines: Record<string, unknown>[];
  problems: ImportProblem[];
  /** The header row was not found (no declared header in the first rows). */
  noHeader?: boolean;
}

/** The cells of a CSV text: delimiter guessed from the first line, quotes as RFC 4180. */
export function parseCsv(text: string): Cell[][] {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    first.split(d).length > first.split(best).length ? d : best,
  );
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * How a formula cell is read: its cached result (a bank's statement), or its formula as text
 * (`=SUM(A1:A3)`: an import of rows never takes a value the file computes, docs/import.md).
 */
export type FormulaCells = 'result' | 'text';

/** The cells of the first sheet of an XLSX file. */
export async function parseXlsx(data: Buffer, formulas: FormulaCells = 'result'): Promise<Cell[][]> {
  return (await parseXlsxSheets(data, formulas, 1))[0]?.cells ?? [];
}

/** The cells of each sheet of an XLSX file (at most `max` sheets), in the workbook's order. */
export async function parseXlsxSheets(
  data: Buffer,
  formulas: FormulaCells = 'result',
  max = Infinity,
): Promise<{ name: string; cells: Cell[][] }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book.worksheets.slice(0, max).map((sheet) => {
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: true }, (r, n) => {
      const cells: Cell[] = [];
      r.eachCell({ includeEmpty: true }, (c, col) => {
        // c.formula: the cell's own formula, a shared one translated to this cell
        cells[col - 1] = formulas === 'text' && c.formula ? `=${c.formula}` : cellValue(c.value);
      });
      rows[n - 1] = cells;
    });
    return { name: sheet.name, cells: Array.from(rows, (r) => r ?? []) };
  });
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('result' in v) return cellValue((v.result ?? null) as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
  }
  return String(v as unknown as string);
}

/** A file's cells by its name and first bytes: XLSX (a zip, `PK`) or CSV text. */
export async function readTable(
  fileName: string,
  data: Buffer,
  formulas: FormulaCells = 'result',
): Promise<Cell[][]> {
  const zip = data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b;
  if (zip || /\.xlsx$/i.test(fileName)) return parseXlsx(data, formulas);
  return parseCsv(data.toString('utf8'));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell as ISO: Jalali or Gregorian text, or a spreadsheet date; null when not a date. */
export function importDate(value: Cell): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (value === null || typeof value === 'boolean') return null;
  const text = toWesternDigits(String(value)).trim().split(/[\sT]/)[0] ?? '';
  const m = /^(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1700) return jalaliToIso(`${y}/${mo}/${d}`);
  const iso = `${y}-${pad(mo)}-${pad(d)}`;
  return parseIso(iso) ? iso : null;
}

/** A whole amount cell (Rial), or null when it is not one; '' and null are absent (undefined). */
export function importAmount(value: Cell): number | null | undefined {
  if (value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  let text = toWesternDigits(value)
    .replace(/[٬،,\s\u200c]|ریال|rial|irr/gi, '')
    .replace('٫', '.');
  if (text === '' || text === '-') return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Math.round(Number(text));
  return Number.isSafeInteger(n) ? (negative ? -n : n) : null;
}

const isBlank = (c: Cell) => c === null || (typeof c === 'string' && c.trim() === '');

/** The column of each declared name in a header row (-1: not there). */
function columnsOf(header: Cell[], names: readonly string[]): number {
  const wanted = new Set(names.map(headerKey));
  return header.findIndex((c) => !isBlank(c) && wanted.has(headerKey(String(c))));
}

/**
 * The lines a table of cells holds for a child table with `spec`. Fields of the child not named
 * by the spec are left out; problems (a date or amount that cannot be read, a required field
 * empty) are listed per line, with the lines read.
 */
export function tableToLines(rows: Cell[][], child: ChildDefinition, spec: LineImportSpec): ImportResult {
  const fields = Object.entries(spec.columns).filter(([f]) => Object.hasOwn(child.schema.properties, f));
  const signed =
    spec.signed && Object.hasOwn(child.schema.properties, spec.signed.field) ? spec.signed : undefined;
  let at = -1;
  let cols = new Map<string, number>();
  let plus = -1;
  let minus = -1;
  for (let i = 0; i < Math.min(rows.length, 10) && at < 0; i++) {
    const row = rows[i] ?? [];
    const found = new Map(fields.map(([f, names]) => [f, columnsOf(row, names)]));
    const p = signed ? columnsOf(row, signed.plus) : -1;
    const m = signed ? columnsOf(row, signed.minus) : -1;
    if ([...found.values()].some((c) => c >= 0) || p >= 0 || m >= 0) {
      at = i;
      cols = found;
      plus = p;
      minus = m;
    }
  }
  if (at < 0) return { lines: [], problems: [], noHeader: true };
  const required = new Set(child.schema.required ?? []);
  const lines: Record<string, unknown>[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows.slice(at + 1)) {
    if (row.every(isBlank)) continue;
    if (lines.length >= IMPORT_MAX_LINES) {
      problems.push({
        line: lines.length,
        field: '',
        key: 'treasury.importTooMany',
        params: { max: IMPORT_MAX_LINES },
      });
      break;
    }
    const index = lines.length;
    const line: Record<string, unknown> = {};
    for (const [field, col] of cols) {
      if (col < 0) continue;
      const cell = row[col] ?? null;
      if (isBlank(cell)) continue;
      const kind = kindOf(child, field);
      if (kind === 'date') {
        const iso = importDate(cell);
        if (iso) line[field] = iso;
        else
          problems.push({ line: index, field, key: 'treasury.importDate', params: { value: String(cell) } });
      } else if (kind === 'money' || kind === 'integer' || kind === 'decimal') {
        const n = importAmount(cell);
        if (typeof n === 'number') line[field] = n;
        else if (n === null)
          problems.push({
            line: index,
            field,
            key: 'treasury.importAmount',
            params: { value: String(cell) },
          });
      } else {
        const max = child.schema.properties[field]?.maxLength ?? 400;
        line[field] = normalizeText(
          cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim(),
        ).slice(0, max);
      }
    }
    if (signed && line[signed.field] === undefined) {
      const read = (col: number) => (col < 0 ? undefined : importAmount(row[col] ?? null));
      const p = read(plus);
      const m = read(minus);
      if (p === null || m === null)
        problems.push({
          line: index,
          field: signed.field,
          key: 'treasury.importAmount',
          params: { value: String(row[p === null ? plus : minus]) },
        });
      else if (p !== undefined || m !== undefined) line[signed.field] = (p ?? 0) - Math.abs(m ?? 0);
    }
    for (const f of required)
      if (line[f] === undefined && !problems.some((p) => p.line === index && p.field === f))
        problems.push({ line: index, field: f, key: 'treasury.importMissing' });
    lines.push(line);
  }
  return { lines, problems };
}
