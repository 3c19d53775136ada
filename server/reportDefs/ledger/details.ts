/** Codes and names of detail accounts (accounting.detailAccount) the answered rows name. */
import type { AppContext } from '../../context';
import type { Untyped } from '../../db/untyped';
import { DETAIL_ENTITY } from './names';

export interface DetailName {
  code: string;
  name: string;
}

export async function detailNames(ctx: AppContext, ids: Iterable<number>): Promise<Map<number, DetailName>> {
  const out = new Map<number, DetailName>();
  const entity = ctx.registry.byEntityKey(DETAIL_ENTITY);
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  if (!entity || !wanted.length) return out;
  const props = entity.def.schema.properties;
  const columns = ['id', ...['code', 'name'].filter((c) => Object.hasOwn(props, c))];
  const db = ctx.db as unknown as Untyped;
  // in chunks: well under both databases' parameter limits
  for (let at = 0; at < wanted.length; at += 500) {
    const rows = (await db
      .selectFrom(entity.table)
      .select(columns)
      .where('id', 'in', wanted.slice(at, at + 500))
      .execute()) as Record<string, unknown>[];
    for (const r of rows) out.set(Number(r.id), { code: String(r.code ?? ''), name: String(r.name ?? '') });
  }
  return out;
}
