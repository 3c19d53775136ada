/**
 * Lookup search (ListRequest.search, docs/api.md): rows where any of the named fields contains the
 * text. The fields are whitelisted against the entity's text and number columns and refused (400)
 * when hidden from the caller's role, as a filter on them would be; the text is a bound parameter.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { MAX_SEARCH_FIELDS, searchText } from '../../runtime/shared/lookup';
import type { Column } from './columns';
import { hiddenFieldError, listError } from './filters';

/** Longest search text taken (longer: 400). */
export const MAX_SEARCH_TEXT = 200;

const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition of a search, or null when there is none (absent or empty text). */
export function searchCondition(
  search: unknown,
  columns: Map<string, Column>,
  hidden: ReadonlySet<string>,
  lang: Lang,
): RawBuilder<SqlBool> | null {
  if (search === undefined || search === null) return null;
  const fail = () => listError(lang, 'search');
  if (typeof search !== 'object' || Array.isArray(search)) throw fail();
  const { text, fields } = search as { text?: unknown; fields?: unknown };
  if (typeof text !== 'string' || text.length > MAX_SEARCH_TEXT) throw fail();
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > MAX_SEARCH_FIELDS) throw fail();
  const refs = fields.map((f: unknown) => {
    if (typeof f !== 'string') throw fail();
    if (hidden.has(f)) throw hiddenFieldError(lang, f);
    const col = columns.get(f);
    if (!col || (col.filter !== 'text' && col.filter !== 'number')) throw listError(lang, f);
    // numbers (a numeric code) are compared as their text
    return col.filter === 'text'
      ? sql`lower(${sql.ref(col.column)})`
      : sql`cast(${sql.ref(col.column)} as varchar(40))`;
  });
  const wanted = searchText(text).toLowerCase();
  if (wanted === '') return null;
  const like = `%${likeEscape(wanted)}%`;
  const parts = refs.map((ref) => sql<SqlBool>`${ref} like ${like} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
