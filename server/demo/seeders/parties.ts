/** The demo's parties with their floating detail accounts, as the finance and opening seeders read them. */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';
import type { AppContext } from '../../context';
import { DETAIL_ACCOUNT_FIELD } from '../../../runtime/shared/detailAccount';
import type { Holder } from './books';

/** The rows of `key` with their floating detail account (and the `columns` asked), in seed order. */
export async function partiesOf(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  columns: string[] = [],
): Promise<{ id: number; detail: number; row: Record<string, unknown> }[]> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) return [];
  const rows = (await (db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(['id', DETAIL_ACCOUNT_FIELD, ...columns])
    .orderBy('id')
    .execute()) as Record<string, unknown>[];
  return rows
    .map((r) => ({ id: Number(r.id), detail: Number(r[DETAIL_ACCOUNT_FIELD]), row: r }))
    .filter((p) => p.detail > 0);
}

/** Cash boxes or bank accounts with their title and opening balance. */
export async function holdersOf(db: Kysely<SystemTables>, ctx: AppContext, key: string): Promise<Holder[]> {
  const parties = await partiesOf(db, ctx, key, ['title', 'openingBalance']);
  return parties.map((p) => ({
    id: p.id,
    detail: p.detail,
    title: String(p.row.title),
    opening: Number(p.row.openingBalance ?? 0),
  }));
}
