/**
 * Demo documents in every lifecycle state (runtime/shared/lifecycle.ts): of every entity whose
 * definition declares a `lifecycle` (the shipped documents and any published one with rows), in
 * the order of its date (`period.field`, the grids' default sort; newest first), a fifth of the
 * rows in the middle are final and the next ones (two of ten or more rows, else one) cancelled with
 * a reason; the rest stay drafts (server/entities/lifecycleBackfill.ts). The newest rows (two of
 * five or more, else one) and the oldest, which tests and the demo edit, stay drafts, so a kind
 * shows all three states from four rows on; the small demo seeds at least five of each kind.
 * Generic: nothing here names an entity.
 */
import type { Untyped } from '../../db/untyped';
import { CANCEL_REASON_FIELD, DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import type { Seeder } from './seeder';

const REASONS = ['ثبت تکراری سند', 'اشتباه در مبلغ و طرف حساب'];

/** Which of `n` rows (newest first) become final and which cancelled: positions in that order. */
export function lifecyclePositions(n: number): { final: number[]; cancelled: number[] } {
  const newest = n >= 5 ? 2 : 1;
  // rows between the newest drafts and the oldest one
  const room = n - newest - 1;
  if (room < 2) return { final: [], cancelled: [] };
  const cancelledCount = n >= 10 ? REASONS.length : 1;
  const finalCount = Math.min(Math.max(1, Math.floor(n * 0.2)), room - cancelledCount);
  const start = Math.min(Math.max(newest, Math.floor(n * 0.4)), n - 1 - finalCount - cancelledCount);
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  return { final: range(start, finalCount), cancelled: range(start + finalCount, cancelledCount) };
}

export const seedLifecycle: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  for (const entity of ctx.registry.all()) {
    if (!entity.def.lifecycle) continue;
    const dateField = entity.def.period?.field;
    let q = untyped.selectFrom(entity.table).select('id');
    if (dateField && Object.hasOwn(entity.def.schema.properties, dateField)) q = q.orderBy(dateField, 'desc');
    const ids = ((await q.orderBy('id', 'desc').execute()) as { id: unknown }[]).map((r) => Number(r.id));
    const { final, cancelled } = lifecyclePositions(ids.length);
    const finalIds = final.map((i) => ids[i]!);
    if (finalIds.length)
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'final' })
        .where('id', 'in', finalIds)
        .execute();
    for (const [i, at] of cancelled.entries())
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'cancelled', [CANCEL_REASON_FIELD]: REASONS[i % REASONS.length] })
        .where('id', '=', ids[at]!)
        .execute();
  }
};
