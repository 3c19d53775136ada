/**
 * The rows a user ticked in the grid (GetList/Export `ids`): the list query keeps only these, so
 * «export selected» exports them with the grid's sort, and still only the rows the caller may
 * read (row scope and the rest of the list query apply as always).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { isRowId } from '../../runtime/shared/bounds';
import { listError } from './filters';

/** Most ids one request may name (a page of the grid at most). */
export const MAX_SELECTED = 1000;

/** The condition of `ids`, or null when absent; 400 naming `ids` unless a short list of row ids. */
export function selectionCondition(ids: unknown, lang: Lang): RawBuilder<SqlBool> | null {
  if (ids === undefined || ids === null) return null;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_SELECTED) throw listError(lang, 'ids');
  for (const id of ids)
    if (typeof id !== 'number' || !Number.isInteger(id) || !isRowId(id)) throw listError(lang, 'ids');
  return sql<SqlBool>`${sql.ref('id')} in (${sql.join(ids as number[])})`;
}
