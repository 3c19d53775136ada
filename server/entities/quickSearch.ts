/**
 * Quick search of a list (GetList/Export `q`): each word of `q` must be found (contains, letter
 * case ignored) in one of the grid's text fields the caller may read. The fields come from the
 * definition (a whitelist by field kind, SEARCH_KINDS), never from the request; every word is a
 * bound parameter. The body is normalised already (readBody: Persian/Arabic digits and letters),
 * as stored texts are, so «علي ۱۲» finds «علی 12» like the column filters do.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { kindOf, type FieldKind } from '../../runtime/shared/fieldKind';
import type { Entity } from '../definitions/registry';
import { listError } from './filters';

/** Field kinds whose stored value is the text the user reads: quick search looks in these. */
export const SEARCH_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'text',
  'longText',
  'nationalCode',
  'sheba',
  'mobile',
  'email',
]);

/** Longest `q` taken and most words (a longer one is a 400 naming `q`). */
export const QUICK_SEARCH_MAX = 100;
const MAX_WORDS = 5;

const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The fields quick search looks in: text kinds shown in the grid and not hidden from the caller. */
export function searchFields(entity: Entity, hidden: ReadonlySet<string>): string[] {
  return Object.keys(entity.def.schema.properties).filter(
    (name) =>
      SEARCH_KINDS.has(kindOf(entity.def, name)) &&
      !hidden.has(name) &&
      entity.def.fields[name]?.hiddenInGrid !== true,
  );
}

/** The condition of `q`, or null when there is nothing to search. */
export function quickSearchCondition(
  q: unknown,
  entity: Entity,
  hidden: ReadonlySet<string>,
  lang: Lang,
): RawBuilder<SqlBool> | null {
  if (q === undefined || q === null) return null;
  if (typeof q !== 'string' || q.length > QUICK_SEARCH_MAX) throw listError(lang, 'q');
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length > MAX_WORDS) throw listError(lang, 'q');
  const fields = searchFields(entity, hidden);
  // a grid without a readable text field finds nothing by text
  if (fields.length === 0) return sql<SqlBool>`1 = 0`;
  const parts = words.map((word) => {
    const pattern = `%${likeEscape(word)}%`;
    const any = fields.map((f) => sql<SqlBool>`lower(${sql.ref(f)}) like ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(any, sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
