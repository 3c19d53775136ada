/**
 * Footer totals of a list (GetList with `totals: true`): the count of the rows the list query
 * selects (filter, quick search, period, row scope) and the sum of each money field the caller may
 * read over them (a field hidden from the role has no total). Sums are exact: summed by the
 * database as integers (bigint → numeric on PostgreSQL, 64-bit on SQLite) and answered as decimal
 * text, never a JS number past 2^53. Asked only with the first page, so scrolling costs nothing.
 */
import { sql } from 'kysely';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { ListTotals } from '../../runtime/shared/envelope';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { ListQuery } from './listQuery';

/** Money fields of `entity` the caller may read (not hidden from its role). */
export function moneyFields(entity: Entity, hidden: ReadonlySet<string>): string[] {
  return Object.keys(entity.def.schema.properties).filter(
    (name) =>
      kindOf(entity.def, name) === 'money' && !hidden.has(name) && !entity.def.fields[name]?.aggregate,
  );
}

/** A sum as the database answered it (numeric text, bigint or number) as decimal text. */
function sumText(v: unknown): string {
  if (v === null || v === undefined) return '0';
  const text = String(v);
  // SQLite's sum over a REAL column answers "12.0": a whole sum is written without its ".0"
  return /^-?\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}

export async function listTotals(
  ctx: AppContext,
  entity: Entity,
  q: ListQuery,
  hidden: ReadonlySet<string>,
): Promise<ListTotals> {
  const money = moneyFields(entity, hidden);
  // aliases s0, s1… : field names never reach the SQL text but as quoted identifiers
  const sums = money.map((name, i) => sql`cast(sum(${sql.ref(name)}) as text) as ${sql.id(`s${i}`)}`);
  const columns = sql.join([sql`count(*) as n`, ...sums]);
  const result = await sql<
    Record<string, unknown>
  >`select ${columns} from ${sql.table(entity.table)} where ${q.where}`.execute(ctx.db);
  const row = result.rows[0] ?? {};
  return {
    count: Number(row.n ?? 0),
    sums: Object.fromEntries(money.map((name, i) => [name, sumText(row[`s${i}`])])),
  };
}
