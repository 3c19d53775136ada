/**
 * The plan of a filtered, sorted page on SQLite. With a filter on one column and a sort on
 * another, SQLite's planner takes the filter's index and sorts every matching row in a temporary
 * B-tree for each page (over 1,000,000 rows with a filter matching 5%: 50,000 rows sorted per
 * page). When the filter is unselective, walking the sort column's `(field, id)` index in order and
 * testing the filter on each row reaches the page sooner: about end × total / matched rows read
 * instead of `matched` rows read and sorted. The counts come from the count cache (countCache.ts;
 * a filter's count not kept yet is made first, as the full page needs it anyway), and the sort
 * index is taken when end × total / matched ≤ matched (matching rows assumed spread evenly along
 * the sort column, so never when the sort column is filtered).
 */
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import { indexName } from '../db/entityTables';
import { cachedCount, keptCount } from './countCache';
import type { ListQuery } from './listQuery';

/** The count-cache key of a WHERE (its SQL and parameters). */
export function whereKey(ctx: AppContext, q: ListQuery): string {
  const where = q.where.compile(ctx.db);
  return `${where.sql}\u0000${JSON.stringify(where.parameters)}`;
}

const ALL_ROWS = '1 = 1\u0000[]';

/** The `(field, id)` index the page should walk, or undefined to let the planner choose. */
export async function sortIndex(
  ctx: AppContext,
  entity: Entity,
  q: ListQuery,
  key: string,
  end: number,
  count: () => Promise<number>,
): Promise<string | undefined> {
  if (ctx.dialect !== 'sqlite' || key === ALL_ROWS || q.order.length !== 2) return undefined;
  const [first, last] = q.order;
  if (!first || !last || last.column !== 'id' || first.dir !== last.dir) return undefined;
  // an order by an expression (a lookup's display text) has no index of its own
  if (first.expr) return undefined;
  // a sort on a filtered column: its rows are not spread evenly along its own index
  if (q.filtered.has(first.column)) return undefined;
  const meta = entity.def.fields[first.column];
  if (!(first.column in entity.def.schema.properties) || (!meta?.sortable && !meta?.filterable))
    return undefined;
  const total = keptCount(entity.table, ALL_ROWS);
  if (total === undefined) return undefined;
  const matched = await cachedCount(entity.table, key, count);
  return end * total <= matched * matched ? indexName(entity.table, `${first.column}_id`) : undefined;
}
