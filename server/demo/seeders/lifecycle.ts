/**
 * Demo documents in every lifecycle state (runtime/shared/lifecycle.ts), of every entity whose
 * definition declares a `lifecycle` (the shipped documents and any published one with rows), in
 * the order of its date (`period.field`, the grids' default sort; newest first). Rows a seeder
 * wrote in a state already (the opening voucher) are left as they are. Generic: nothing here names
 * an entity.
 *
 * - Small demo (the tests'): a fifth of the rows in the middle are final and the next ones (two of
 *   ten or more rows, else one) cancelled with a reason; the rest stay drafts. The newest rows (two
 *   of five or more, else one) and the oldest, which tests edit, stay drafts, so a kind shows all
 *   three states from four rows on; the small demo seeds at least five of each kind.
 * - Full demo (a year of the company's books): every document dated before the last RECENT_DAYS
 *   days of the demo is final, except a few cancelled (one in two hundred, spread over the year,
 *   of kinds with fifty rows or more); the recent ones (at least the newest) stay drafts, being
 *   worked on, and so does the oldest of a kind with fifty rows or more. A document still in its
 *   workflow's first state (never submitted) stays a draft too.
 * Rows that stay drafts are set so by server/entities/lifecycleBackfill.ts; final vouchers take the
 * state their lifecycle finalises from there too.
 */
import type { Untyped } from '../../db/untyped';
import { CANCEL_REASON_FIELD, DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import type { Seeder } from './seeder';
import { DAYS_SO_FAR, day1405 } from './batch';

const REASONS = ['ثبت تکراری سند', 'اشتباه در مبلغ و طرف حساب'];

/** Days before the demo's today whose documents stay drafts in the full demo. */
export const RECENT_DAYS = 14;
/** The first day of the full demo's recent drafts: documents dated before it are final. */
export const RECENT_FROM = day1405(DAYS_SO_FAR - RECENT_DAYS);

/** Kinds with this many rows keep their oldest a draft and have some cancelled (full demo). */
const MANY = 50;

/** Which of `n` rows (newest first) become final and which cancelled: positions in that order (small demo). */
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

/**
 * Which rows (newest first, by their dates) become final and which cancelled in the full demo:
 * those dated before `recentFrom` but the oldest of a kind with MANY rows; one in two hundred of
 * them (at least two, of kinds with MANY rows) cancelled, spread evenly.
 */
export function bookPositions(
  dates: readonly (string | null)[],
  recentFrom: string = RECENT_FROM,
): { final: number[]; cancelled: number[] } {
  const n = dates.length;
  let newest = 0;
  while (newest < n && (dates[newest] ?? '') >= recentFrom) newest++;
  newest = Math.max(newest, Math.min(1, n));
  const end = n >= MANY ? n - 1 : n;
  const room = Math.max(0, end - newest);
  const count = room >= MANY ? Math.max(REASONS.length, Math.floor(room / 200)) : 0;
  const cancelled = Array.from({ length: count }, (_, i) => newest + Math.floor(((i + 0.5) * room) / count));
  const skip = new Set(cancelled);
  const final: number[] = [];
  for (let at = newest; at < end; at++) if (!skip.has(at)) final.push(at);
  return { final, cancelled };
}

/**
 * Which rows of the full demo become final, in the order the rows are inserted (ids ascending),
 * from their dates: the seeder's order (newest first, then the larger id) and bookPositions. The
 * demo's books (./books.ts) post only what will be final.
 */
export function finalFlags(dates: readonly string[], recentFrom: string = RECENT_FROM): boolean[] {
  const order = dates.map((_, i) => i).sort((a, b) => dates[b]!.localeCompare(dates[a]!) || b - a);
  const { final } = bookPositions(
    order.map((i) => dates[i]!),
    recentFrom,
  );
  const out = dates.map(() => false);
  for (const at of final) out[order[at]!] = true;
  return out;
}

const CHUNK = 500;

export const seedLifecycle: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  const full = ctx.config.demoVolume === 'full';
  for (const entity of ctx.registry.all()) {
    if (!entity.def.lifecycle) continue;
    const dateField = entity.def.period?.field;
    const dated = !!dateField && Object.hasOwn(entity.def.schema.properties, dateField);
    const wf = entity.def.workflow;
    let q = untyped
      .selectFrom(entity.table)
      .select(['id', ...(dated ? [dateField] : []), ...(wf ? [wf.field] : [])])
      .where(DOC_STATE_FIELD, 'is', null);
    if (dated) q = q.orderBy(dateField, 'desc');
    const rows = (await q.orderBy('id', 'desc').execute()) as Record<string, unknown>[];
    const ids = rows.map((r) => Number(r.id));
    const dates = rows.map((r) => (dated && r[dateField] ? String(r[dateField]).slice(0, 10) : null));
    const { final, cancelled } = full ? bookPositions(dates) : lifecyclePositions(ids.length);
    // full demo: a document never submitted (its workflow's first state) stays a draft
    const submitted = (at: number) => !full || !wf || (rows[at]?.[wf.field] ?? wf.initial) !== wf.initial;
    const finalIds = final.filter(submitted).map((i) => ids[i]!);
    for (let at = 0; at < finalIds.length; at += CHUNK)
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'final' })
        .where('id', 'in', finalIds.slice(at, at + CHUNK))
        .execute();
    for (const [i, at] of cancelled.filter(submitted).entries())
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'cancelled', [CANCEL_REASON_FIELD]: REASONS[i % REASONS.length] })
        .where('id', '=', ids[at]!)
        .execute();
  }
};
