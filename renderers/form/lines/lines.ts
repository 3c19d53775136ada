/**
 * Pure pieces of the lines grid (child tables such as invoice lines): the row objects the grid
 * holds, row operations, computed line fields, client validation with the shared ajv setup, and
 * server TableMessageTexts mapped to cells. No React, no AG Grid: unit-tested directly.
 */
import type { ErrorObject } from 'ajv';
import type { ChildDefinition, Lang } from '../../../runtime/shared/definition';
import type { TableMessage } from '../../../runtime/shared/envelope';
import { normalizeDeep } from '../../../runtime/shared/normalize';
import { applyComputed, brokenRules } from '../../../runtime/shared/rules';
import { violationText } from '../../../runtime/shared/ruleMessages';
import { errorField, errorKey } from '../../../runtime/shared/validation';
import type { StandaloneValidate } from '../../../runtime/shared/validatorRuntime';

export type Line = Record<string, unknown>;

/** One grid row: a stable key (getRowId) and the line's values. */
export interface GridLine {
  key: string;
  v: Line;
  /**
   * The stored line's id (lines read from the server; not copies, not new lines), sent back on save
   * so the server keeps what the role may not change on that line (field permissions).
   */
  id?: number;
}

/** Messages per line key, then per field ('' = the whole line). */
export type CellErrors = Map<string, Record<string, string>>;

let nextKey = 1;
export function newKey(): string {
  return `l${nextKey++}`;
}

export function computedFields(child: ChildDefinition): string[] {
  return Object.keys(child.rules?.computed ?? {});
}

export function lineFields(child: ChildDefinition): string[] {
  return Object.keys(child.schema.properties);
}

/** The line with its computed fields recalculated; a failing expression leaves them empty. */
export function computeLine(child: ChildDefinition, line: Line): Line {
  if (!child.rules?.computed) return line;
  try {
    const out = applyComputed(child.rules, normalizeDeep(line));
    const result: Line = { ...line };
    for (const f of computedFields(child)) {
      const value = out[f];
      if (typeof value === 'number' && !Number.isFinite(value)) delete result[f];
      else if (value === null || value === undefined) delete result[f];
      else result[f] = value;
    }
    return result;
  } catch {
    return line;
  }
}

export function emptyLine(child: ChildDefinition): Line {
  const line: Line = {};
  for (const [name, field] of Object.entries(child.schema.properties))
    if (field.default !== undefined) line[name] = field.default;
  return computeLine(child, line);
}

export function toGridLines(child: ChildDefinition, lines: unknown): GridLine[] {
  if (!Array.isArray(lines)) return [];
  const fields = lineFields(child);
  return lines.map((l) => {
    const src = (l ?? {}) as Line;
    const v: Line = {};
    for (const f of fields) if (src[f] !== undefined && src[f] !== null) v[f] = src[f];
    const row: GridLine = { key: newKey(), v: computeLine(child, v) };
    if (typeof src.id === 'number' && Number.isInteger(src.id) && src.id > 0) row.id = src.id;
    return row;
  });
}

/** The typed (not computed) fields of a child table with their defaults, once per definition. */
const typedFieldsOf = new WeakMap<ChildDefinition, [string, unknown][]>();
function typedFields(child: ChildDefinition): [string, unknown][] {
  let typed = typedFieldsOf.get(child);
  if (!typed) {
    const computed = new Set(computedFields(child));
    typed = lineFields(child)
      .filter((f) => !computed.has(f))
      .map((f) => [f, child.schema.properties[f]?.default]);
    typedFieldsOf.set(child, typed);
  }
  return typed;
}

/** A line nobody typed into (only defaults and computed values): dropped before save. */
export function isBlankLine(child: ChildDefinition, line: Line): boolean {
  for (const [f, d] of typedFields(child)) {
    const v = line[f];
    if (!(v === undefined || v === null || v === '' || (d !== undefined && v === d))) return false;
  }
  return true;
}

/**
 * The lines as sent: blank lines left out, with the keys of the lines sent (for RowIndex);
 * `withIds`: each stored line with its `id` (what the server receives; the rules do without).
 */
export function linesToSend(
  child: ChildDefinition,
  rows: GridLine[],
  withIds = false,
): { lines: Line[]; keys: string[] } {
  const lines: Line[] = [];
  const keys: string[] = [];
  for (const row of rows) {
    if (isBlankLine(child, row.v)) continue;
    lines.push(withIds && row.id !== undefined ? { ...row.v, id: row.id } : row.v);
    keys.push(row.key);
  }
  return { lines, keys };
}

/** Row operations: each answers the new ordered list (the grid applies them as transactions). */
export function insertLine(rows: GridLine[], line: GridLine, at = rows.length): GridLine[] {
  const i = Math.max(0, Math.min(at, rows.length));
  return [...rows.slice(0, i), line, ...rows.slice(i)];
}

export function removeLines(rows: GridLine[], keys: Iterable<string>): GridLine[] {
  const drop = new Set(keys);
  return rows.filter((r) => !drop.has(r.key));
}

/** Copies of the given lines, each placed right after its original; answers the copies too. */
export function copyLines(
  rows: GridLine[],
  keys: Iterable<string>,
): { rows: GridLine[]; copies: GridLine[] } {
  const pick = new Set(keys);
  const out: GridLine[] = [];
  const copies: GridLine[] = [];
  for (const r of rows) {
    out.push(r);
    if (pick.has(r.key)) {
      const copy = { key: newKey(), v: { ...r.v } };
      out.push(copy);
      copies.push(copy);
    }
  }
  return { rows: out, copies };
}

/** Sets one cell from the editor and recomputes the line; answers the new values. */
export function setCell(child: ChildDefinition, line: Line, field: string, value: unknown): Line {
  const next: Line = { ...line };
  if (value === undefined || value === null || value === '') delete next[field];
  else next[field] = value;
  return computeLine(child, next);
}

/** The line schema's validator, precompiled on the server (renderers/form/precompiled.ts). */
export type LineValidator = StandaloneValidate;

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Broken line rules (child.rules.rules) of one line, by field ('' when the rule names none). */
function lineRuleErrors(child: ChildDefinition, line: Line, lang: Lang): Record<string, string> {
  const cells: Record<string, string> = {};
  if (!child.rules?.rules?.length) return cells;
  try {
    for (const v of brokenRules(child.rules, line)) {
      const text = violationText(v, lang);
      for (const f of v.fields.length ? v.fields : ['']) cells[f] ??= text;
    }
  } catch {
    // An expression failing on half-typed data is not the user's error.
  }
  return cells;
}

/**
 * Client-side cell errors of every line: the line schema (values as the server receives them),
 * then the line's own rules.
 */
export function validateLines(
  child: ChildDefinition,
  validate: LineValidator,
  rows: GridLine[],
  t: Translate,
  lang: Lang = 'fa',
): CellErrors {
  const out: CellErrors = new Map();
  for (const row of rows) {
    if (isBlankLine(child, row.v)) continue;
    const values = normalizeDeep(row.v);
    const cells: Record<string, string> = {};
    if (!validate(values)) {
      for (const e of validate.errors ?? []) {
        const field = errorField(e as ErrorObject);
        cells[field] ??= t(errorKey(e as ErrorObject), e.params as Record<string, unknown>);
      }
    }
    for (const [f, m] of Object.entries(lineRuleErrors(child, values, lang))) cells[f] ??= m;
    if (Object.keys(cells).length) out.set(row.key, cells);
  }
  return out;
}

/** Server TableMessageTexts of one table, by the key of the line sent at RowIndex. */
export function serverCellErrors(messages: TableMessage[], table: string, sentKeys: string[]): CellErrors {
  const out: CellErrors = new Map();
  for (const m of messages) {
    if (m.TableName !== table) continue;
    const key = sentKeys[m.RowIndex];
    if (key === undefined) continue;
    const cells = out.get(key) ?? {};
    cells[m.FieldName ?? ''] ??= m.Message;
    out.set(key, cells);
  }
  return out;
}

/** Client errors first, then server messages for cells the client finds nothing wrong with. */
export function mergeCellErrors(a: CellErrors, b: CellErrors): CellErrors {
  const out: CellErrors = new Map();
  for (const [k, cells] of a) out.set(k, { ...cells });
  for (const [k, cells] of b) out.set(k, { ...cells, ...(out.get(k) ?? {}) });
  return out;
}

/** Drops the server message of one edited cell (the user is fixing it). */
export function withoutCell(errors: CellErrors, key: string, field: string): CellErrors {
  const cells = errors.get(key);
  if (!cells || !(field in cells)) return errors;
  const out = new Map(errors);
  const rest = { ...cells };
  delete rest[field];
  if (Object.keys(rest).length) out.set(key, rest);
  else out.delete(key);
  return out;
}

/** The errors as a list in line order: 1-based line number, field, message. */
export function errorList(
  errors: CellErrors,
  rows: GridLine[],
): { line: number; key: string; field: string; message: string }[] {
  const out: { line: number; key: string; field: string; message: string }[] = [];
  rows.forEach((r, i) => {
    const cells = errors.get(r.key);
    if (cells)
      for (const [field, message] of Object.entries(cells))
        out.push({ line: i + 1, key: r.key, field, message });
  });
  return out;
}

/** Where Enter goes from a cell: the next editable cell, or 'add' after the last one. */
export function nextCell(
  editable: string[],
  rowIndex: number,
  colId: string,
  rowCount: number,
): { rowIndex: number; colId: string } | 'add' {
  const i = editable.indexOf(colId);
  if (i >= 0 && i < editable.length - 1) return { rowIndex, colId: editable[i + 1]! };
  if (rowIndex < rowCount - 1) return { rowIndex: rowIndex + 1, colId: editable[0]! };
  return 'add';
}
