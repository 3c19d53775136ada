/**
 * Floating detail accounts of master rows (runtime/shared/detailAccount.ts): a definition that
 * declares `detailAccount: { group }` gets, for each of its rows, one accounting.detailAccount row
 * of that group, named as the row (its display field), whose source is the row. Kept by the write
 * pipeline's `detailAccount` step (server/entities/write/steps/detailAccount.ts), generically: the
 * detail account is created with the row, renamed with it, deleted with it (refused while vouchers
 * use it), and the row's read-only `detailAccount` field always names it. Rows stored before (the
 * demo's, a definition that newly declares it) get theirs in bulk: backfillDetailAccounts, at
 * start, on publish and in the seed.
 *
 * Codes: the group's code followed by the group's counter on five digits (group 1 → 100001…),
 * taken from the numbering counters' table in the write's transaction (never shared).
 */
import { SYSTEM_FIELDS } from '../../runtime/shared/definition';
import { DETAIL_ACCOUNT_ENTITY, DETAIL_ACCOUNT_FIELD } from '../../runtime/shared/detailAccount';
import type { Dialect } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { Entity, Registry } from '../definitions/registry';
import { takeCounters } from './counters';
import { toApiRow, toColumns, type Row } from '../entities/rows';
import type { WriteState } from '../entities/write/state';
import { DETAIL_ACCOUNT_TABLE, detailGroupId } from './chart';

const CODE_WIDTH = 5;
const NAME_MAX = 200;

/** Takes `n` counters of the group's series at once; answers the first. */
const takeGroupCounters = (db: Untyped, groupCode: string, n: number) =>
  takeCounters(db, DETAIL_ACCOUNT_ENTITY, `group:${groupCode}`, n);

const codeOf = (groupCode: string, counter: number) =>
  `${groupCode}${String(counter).padStart(CODE_WIDTH, '0')}`;

/** A free code of the group (one a person typed may have taken the next counter's). */
async function freeCode(db: Untyped, groupCode: string): Promise<string> {
  for (;;) {
    const code = codeOf(groupCode, await takeGroupCounters(db, groupCode, 1));
    const taken = await db
      .selectFrom(DETAIL_ACCOUNT_TABLE)
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

/** The name a row's detail account carries: its display field (its id when empty). */
function nameOf(entity: Entity, row: Row): string {
  const shown = row[entity.def.displayField];
  const text = shown === null || shown === undefined || shown === '' ? `#${String(row.id)}` : String(shown);
  return text.slice(0, NAME_MAX);
}

/** A stored detail account as write values (system fields left out). */
function valuesOf(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!(SYSTEM_FIELDS as readonly string[]).includes(k)) out[k] = v;
  return out;
}

async function setField(w: WriteState, id: number, detail: number | null): Promise<void> {
  await w.db
    .updateTable(w.entity.table)
    .set({ [DETAIL_ACCOUNT_FIELD]: detail })
    .where('id', '=', id)
    .execute();
  if (w.row) w.row = { ...w.row, [DETAIL_ACCOUNT_FIELD]: detail ?? undefined };
}

async function storedDetail(w: WriteState, detailEntity: Entity, id: number): Promise<Row | null> {
  const row = (await w.db
    .selectFrom(detailEntity.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
  return row ? toApiRow(detailEntity, row) : null;
}

/** The `detailAccount` step's work for a write of a row whose definition declares `detailAccount`. */
export async function keepDetailAccount(w: WriteState): Promise<void> {
  const spec = w.entity.def.detailAccount;
  const detailEntity = w.ctx.registry.byEntityKey(DETAIL_ACCOUNT_ENTITY);
  if (!spec || !detailEntity) return;
  const base = {
    source: 'server' as const,
    entity: detailEntity,
    user: w.user,
    lang: w.lang,
    byEffect: true,
  };
  const storedId =
    typeof w.before?.[DETAIL_ACCOUNT_FIELD] === 'number' ? (w.before[DETAIL_ACCOUNT_FIELD] as number) : null;
  if (w.action === 'delete') {
    const detail = storedId === null ? null : await storedDetail(w, detailEntity, storedId);
    // refused (417) while a voucher line names it: the row's books stay whole
    if (detail)
      await w.writeIn({
        ...base,
        action: 'delete',
        id: storedId ?? 0,
        version: Number(detail.version),
        values: null,
      });
    return;
  }
  const row = w.row;
  if (!row) return;
  const rowId = Number(row.id);
  const detail = storedId === null ? null : await storedDetail(w, detailEntity, storedId);
  if (!detail) {
    const groupId = await detailGroupId(w.db, spec.group);
    // no such group (a database without the standard chart): the row has no detail account yet
    if (groupId === null) return;
    const created = await w.writeIn({
      ...base,
      action: 'create',
      values: {
        code: await freeCode(w.db, spec.group),
        name: nameOf(w.entity, row),
        detailGroup: groupId,
        active: true,
        sourceEntity: w.entity.key,
        sourceId: rowId,
      },
    });
    if (created) await setField(w, rowId, Number(created.id));
    return;
  }
  // the field is the server's: whatever was sent, the row keeps its detail account
  if (row[DETAIL_ACCOUNT_FIELD] !== detail.id) await setField(w, rowId, Number(detail.id));
  const name = nameOf(w.entity, row);
  if (detail.name !== name)
    await w.writeIn({
      ...base,
      action: 'update',
      id: Number(detail.id),
      version: Number(detail.version),
      values: { ...valuesOf(detail), name },
    });
}

/**
 * Gives every row of the definitions declaring `detailAccount` that has none its detail account,
 * in bulk (at start, after a publish, in the seed); answers how many were made. Definitions whose
 * group does not exist are left as they are.
 */
export async function backfillDetailAccounts(
  db: Untyped,
  dialect: Dialect,
  registry: Registry,
): Promise<number> {
  const detailEntity = registry.byEntityKey(DETAIL_ACCOUNT_ENTITY);
  if (!detailEntity) return 0;
  let made = 0;
  for (const entity of registry.all()) {
    const spec = entity.def.detailAccount;
    if (!spec) continue;
    const groupId = await detailGroupId(db, spec.group);
    if (groupId === null) continue;
    const rows = (await db
      .selectFrom(entity.table)
      .selectAll()
      .where(DETAIL_ACCOUNT_FIELD, 'is', null)
      .orderBy('id')
      .execute()) as Row[];
    if (rows.length === 0) continue;
    const first = await takeGroupCounters(db, spec.group, rows.length);
    const now = new Date().toISOString();
    const values = rows.map((stored, i) => {
      const row = toApiRow(entity, stored);
      return {
        ...toColumns(
          detailEntity,
          {
            code: codeOf(spec.group, first + i),
            name: nameOf(entity, row),
            detailGroup: groupId,
            active: true,
            sourceEntity: entity.key,
            sourceId: Number(row.id),
          },
          dialect,
        ),
        version: 1,
        created_at: now,
        updated_at: now,
      };
    });
    for (let at = 0; at < values.length; at += 500) {
      const inserted = (await db
        .insertInto(detailEntity.table)
        .values(values.slice(at, at + 500))
        .returning('id')
        .execute()) as { id: unknown }[];
      // both databases answer a multi-row RETURNING in insert order; sorted to be safe (ids ascend)
      const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
      for (const [i, id] of ids.entries())
        await db
          .updateTable(entity.table)
          .set({ [DETAIL_ACCOUNT_FIELD]: id })
          .where('id', '=', Number(rows[at + i]?.id))
          .execute();
    }
    made += rows.length;
  }
  return made;
}
