/**
 * The file's rows as the records they write. Without mapped line fields each row is a record.
 * With line fields (`child.field`) a document spans consecutive rows: a row starts a new document
 * when its header cells differ from the row before (header fields repeated on every line), and a
 * row whose header cells are all empty is one more line of the document above.
 */
import type { ImportMapping } from '../../runtime/shared/imports';
import type { Row } from '../entities/rows';
import { cellInput, type CellProblem, type LookupResolver } from './convert';
import type { TargetField } from './fields';
import type { SourceRow } from './readFile';

/** One record to write, with where each of its parts came from. */
export interface SourceDoc {
  /** The sheet row of the record (its first row): what a job records as committed. */
  row: number;
  values: Row;
  lines: Record<string, Row[]>;
  /** The sheet row of each line, per child. */
  lineRows: Record<string, number[]>;
  problems: (CellProblem & { row: number })[];
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

const cellKey = (row: SourceRow, cols: Column[]) =>
  JSON.stringify(cols.map((c) => (c.index < row.cells.length ? (row.cells[c.index] ?? null) : null)));

const blank = (row: SourceRow, cols: Column[]) =>
  cols.every((c) => {
    const v = row.cells[c.index];
    return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  });

/** The records of `rows` (in order), each cell read through its field (convert.ts). */
export async function sourceDocs(
  rows: SourceRow[],
  mapping: ImportMapping,
  fields: TargetField[],
  lookups: LookupResolver,
): Promise<SourceDoc[]> {
  const cols = columnsOf(mapping, fields);
  const own = cols.filter((c) => !c.field.child);
  const lineCols = cols.filter((c) => c.field.child);
  const docs: SourceDoc[] = [];
  let last: { doc: SourceDoc; key: string } | null = null;
  for (const r of rows) {
    const key = cellKey(r, own);
    let doc: SourceDoc;
    if (lineCols.length && last && (key === last.key || blank(r, own))) doc = last.doc;
    else {
      doc = { row: r.row, values: {}, lines: {}, lineRows: {}, problems: [] };
      for (const c of own) {
        const got = await cellInput(c.field, r.cells[c.index], lookups);
        if (got.problem) doc.problems.push({ ...got.problem, row: r.row });
        else if (got.value !== undefined) doc.values[c.field.field] = got.value;
      }
      docs.push(doc);
      last = { doc, key };
    }
    if (!lineCols.length) continue;
    const line: Record<string, Row> = {};
    for (const c of lineCols) {
      const child = c.field.child!;
      const got = await cellInput(c.field, r.cells[c.index], lookups);
      line[child] ??= {};
      if (got.problem) doc.problems.push({ ...got.problem, row: r.row });
      else if (got.value !== undefined) line[child][c.field.field] = got.value;
    }
    for (const [child, values] of Object.entries(line)) {
      if (Object.keys(values).length === 0) continue;
      (doc.lines[child] ??= []).push(values);
      (doc.lineRows[child] ??= []).push(r.row);
    }
  }
  return docs;
}
