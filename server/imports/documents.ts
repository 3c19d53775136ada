/**
 * The file's rows as the records they write (docs/import.md). Without mapped line fields each row
 * of the first sheet is a record. Documents with lines come in two forms, which may be mixed:
 * - one sheet: line fields (`child.field`) on the first sheet, a document spanning consecutive
 *   rows. With the document key column (IMPORT_DOC_KEY) mapped, a row with the key of the row above
 *   (or an empty key) continues its document; without it, a row whose header cells equal the row
 *   above's (header fields repeated) or are all empty does.
 * - two sheets: the first sheet has one row per document with its key; each lines sheet has the
 *   key of the line's document and the line's fields. A line naming no document of the first sheet
 *   is a problem of its own sheet row (an `orphan` record that never writes).
 */
import { IMPORT_DOC_KEY, type ImportLineMappings, type ImportMapping } from '../../runtime/shared/imports';
import { normalizeText, toWesternDigits } from '../../runtime/shared/normalize';
import type { Row } from '../entities/rows';
import { cellInput, type CellProblem, type LookupResolver } from './convert';
import type { TargetField } from './fields';
import type { SheetTable, SourceRow, SourceTable } from './readFile';

/** A place in the file: a sheet row (the sheet named when the file has lines sheets). */
export interface Where {
  row: number;
  sheet?: string;
}

/** One record to write, with where each of its parts came from. */
export interface SourceDoc extends Where {
  /** `row` is the first sheet's row of the record: what a job records as committed. */
  values: Row;
  lines: Record<string, Row[]>;
  /** Where each line came from, per child. */
  lineRows: Record<string, Where[]>;
  problems: (CellProblem & Where)[];
  /** Lines of a lines sheet that name no document: reported, never written nor committed. */
  orphan?: boolean;
}

interface Column {
  index: number;
  field: TargetField;
}

function columnsOf(mapping: ImportMapping, fields: TargetField[]): Column[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: Column[] = [];
  for (const [index, name] of Object.entries(mapping)) {
    const field = byName.get(name);
    if (field && /^\d+$/.test(index)) out.push({ index: Number(index), field });
  }
  return out;
}

/** The column of the document key, or -1. */
const keyColumn = (mapping: ImportMapping): number => {
  const found = Object.entries(mapping).find(([, name]) => name === IMPORT_DOC_KEY);
  return found ? Number(found[0]) : -1;
};

const isBlankCell = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The key cell as compared: text with Western digits (a key «۱۲» equals «12» and the number 12). */
function keyOf(row: SourceRow, column: number): string {
  const v = column < 0 ? undefined : row.cells[column];
  if (isBlankCell(v)) return '';
  return toWesternDigits(normalizeText(v instanceof Date ? v.toISOString() : String(v))).trim();
}

const cellKey = (row: SourceRow, cols: Column[]) =>
  JSON.stringify(cols.map((c) => (c.index < row.cells.length ? (row.cells[c.index] ?? null) : null)));

const blank = (row: SourceRow, cols: Column[]) => cols.every((c) => isBlankCell(row.cells[c.index]));

/** Adds the row's line cells (one line per child with a value) to `doc`. */
async function addLines(
  doc: SourceDoc,
  r: SourceRow,
  sheet: string | undefined,
  lineCols: Column[],
  lookups: LookupResolver,
): Promise<void> {
  const where: Where = sheet === undefined ? { row: r.row } : { row: r.row, sheet };
  const line: Record<string, Row> = {};
  for (const c of lineCols) {
    const child = c.field.child!;
    const got = await cellInput(c.field, r.cells[c.index], lookups);
    line[child] ??= {};
    if (got.problem) doc.problems.push({ ...got.problem, ...where });
    else if (got.value !== undefined) line[child][c.field.field] = got.value;
  }
  for (const [child, values] of Object.entries(line)) {
    if (Object.keys(values).length === 0) continue;
    (doc.lines[child] ??= []).push(values);
    (doc.lineRows[child] ??= []).push(where);
  }
}

/** The records of the first sheet (in order), each cell read through its field (convert.ts). */
async function firstSheetDocs(
  table: SheetTable,
  mapping: ImportMapping,
  fields: TargetField[],
  lookups: LookupResolver,
  sheet: string | undefined,
  byKey: Map<string, SourceDoc>,
): Promise<SourceDoc[]> {
  const cols = columnsOf(mapping, fields);
  const own = cols.filter((c) => !c.field.child);
  const lineCols = cols.filter((c) => c.field.child);
  const keyCol = keyColumn(mapping);
  const docs: SourceDoc[] = [];
  let last: { doc: SourceDoc; key: string } | null = null;
  for (const r of table.rows) {
    const key = keyCol >= 0 ? keyOf(r, keyCol) : cellKey(r, own);
    const continues =
      last !== null &&
      (keyCol >= 0
        ? (key !== '' && key === last.key) || (key === '' && lineCols.length > 0 && blank(r, own))
        : lineCols.length > 0 && (key === last.key || blank(r, own)));
    let doc: SourceDoc;
    if (continues) doc = last!.doc;
    else {
      doc = { row: r.row, values: {}, lines: {}, lineRows: {}, problems: [] };
      if (sheet !== undefined) doc.sheet = sheet;
      const where: Where = sheet === undefined ? { row: r.row } : { row: r.row, sheet };
      for (const c of own) {
        const got = await cellInput(c.field, r.cells[c.index], lookups);
        if (got.problem) doc.problems.push({ ...got.problem, ...where });
        else if (got.value !== undefined) doc.values[c.field.field] = got.value;
      }
      if (keyCol >= 0 && key !== '') {
        // a key met again further down names a second document: refused, the lines would be ambiguous
        if (byKey.has(key))
          doc.problems.push({
            field: IMPORT_DOC_KEY,
            key: 'importSheets.keyRepeated',
            params: { value: key },
            ...where,
          });
        else byKey.set(key, doc);
      }
      docs.push(doc);
      last = { doc, key };
    }
    if (lineCols.length) await addLines(doc, r, sheet, lineCols, lookups);
  }
  return docs;
}

/**
 * The records of the file: the first sheet's, with the lines of each mapped lines sheet added to
 * the document their key names (in the sheets' order), and the orphan lines as records of their own.
 */
export async function sourceDocs(
  table: SourceTable,
  mapping: ImportMapping,
  lineMappings: ImportLineMappings,
  fields: TargetField[],
  lookups: LookupResolver,
): Promise<SourceDoc[]> {
  const lineSheets = Object.entries(lineMappings)
    .map(([index, m]) => ({ sheet: table.sheets.find((s) => s.index === Number(index)), mapping: m }))
    .filter((s) => s.sheet !== undefined && Object.keys(s.mapping).length > 0)
    .sort((a, b) => a.sheet!.index - b.sheet!.index);
  // sheet names are said only when the file has lines sheets (a one-sheet file's rows are plain)
  const first = lineSheets.length ? table.name : undefined;
  const byKey = new Map<string, SourceDoc>();
  const docs = await firstSheetDocs(table, mapping, fields, lookups, first, byKey);
  const orphans: SourceDoc[] = [];
  for (const { sheet, mapping: m } of lineSheets) {
    const lineCols = columnsOf(m, fields).filter((c) => c.field.child);
    const keyCol = keyColumn(m);
    for (const r of sheet!.rows) {
      const key = keyOf(r, keyCol);
      const doc = key === '' ? undefined : byKey.get(key);
      if (doc) {
        await addLines(doc, r, sheet!.name, lineCols, lookups);
        continue;
      }
      orphans.push({
        row: r.row,
        sheet: sheet!.name,
        values: {},
        lines: {},
        lineRows: {},
        orphan: true,
        problems: [
          {
            field: IMPORT_DOC_KEY,
            key: key === '' ? 'importSheets.keyEmpty' : 'importSheets.keyUnknown',
            params: { value: key },
            row: r.row,
            sheet: sheet!.name,
          },
        ],
      });
    }
  }
  return [...docs, ...orphans];
}
