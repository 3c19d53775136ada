/**
 * Demo documents in every lifecycle state (runtime/shared/lifecycle.ts): of each shipped document
 * kind below, a fifth of the rows in the middle of their date order (the grids' default sort) are
 * final and the two after them (one, of fewer than ten rows) cancelled with a reason; the rest stay drafts
 * (server/entities/lifecycleBackfill.ts). The newest and oldest rows, which tests and the demo
 * edit, stay drafts. Payroll runs and stock counts stay
 * drafts: their few rows are recomputed and counted by the demo.
 */
import type { Untyped } from '../../db/untyped';
import { CANCEL_REASON_FIELD, DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import type { Seeder } from './seeder';

const DOCUMENTS = [
  'sales.invoice',
  'supplyChain.purchaseOrder',
  'supplyChain.goodsReceipt',
  'accounting.voucher',
  'treasury.receipt',
  'treasury.payment',
  'inventory.stockMove',
  'transport.delivery',
];

const REASONS = ['ثبت تکراری سند', 'اشتباه در مبلغ و طرف حساب'];

export const seedLifecycle: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  for (const key of DOCUMENTS) {
    const entity = ctx.registry.byEntityKey(key);
    if (!entity?.def.lifecycle) continue;
    const dated = 'date' in entity.def.schema.properties;
    let q = untyped.selectFrom(entity.table).select('id');
    if (dated) q = q.orderBy('date', 'desc');
    const ids = ((await q.orderBy('id', 'desc').execute()) as { id: unknown }[]).map((r) => Number(r.id));
    // a kind with few rows (DEMO_VOLUME=small: 3 invoices, tests edit each) keeps them drafts
    if (ids.length < 5) continue;
    const from = Math.floor(ids.length * 0.4);
    const to = Math.floor(ids.length * 0.6);
    const final = ids.slice(from, to);
    if (final.length)
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'final' })
        .where('id', 'in', final)
        .execute();
    const cancelled = ids.length >= 10 ? REASONS.length : 1;
    for (const [i, id] of ids.slice(to, to + cancelled).entries())
      await untyped
        .updateTable(entity.table)
        .set({ [DOC_STATE_FIELD]: 'cancelled', [CANCEL_REASON_FIELD]: REASONS[i] })
        .where('id', '=', id)
        .execute();
  }
};
