/**
 * Supply chain and planning demo data: purchase orders of the demo vendors (the first vendor, tied
 * to the `vendor` user, always has some) in every workflow state, goods receipts of the received
 * ones, the workflow history of those transitions, and sales/production plans whose actuals the
 * server computes (server/operations/planning.ts). Vendors see their own purchase orders.
 */
import type { Seeder } from './seeder';
import {
  DAYS_SO_FAR,
  day1405,
  idsOf,
  insertBatch,
  insertBatchDocuments,
  pick,
  rng,
  type Values,
} from './batch';
import { grant, menuFor } from './perms';
import { refreshPlans } from '../../operations/planning';

export const MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;
const STATES = ['draft', 'submitted', 'approved', 'received', 'cancelled'] as const;
/** The path a purchase order took to reach each state (for the workflow history). */
const PATH: Record<string, string[]> = {
  draft: [],
  submitted: ['submitted'],
  approved: ['submitted', 'approved'],
  received: ['submitted', 'approved', 'received'],
  cancelled: ['cancelled'],
};

export const seedSupplyChain: Seeder = async ({ db, ctx, vendorIds }) => {
  const small = ctx.config.demoVolume === 'small';
  const items = await idsOf(db, ctx, 'inventory.item');
  const warehouses = await idsOf(db, ctx, 'inventory.warehouse');
  const r = rng(71405);
  if (vendorIds.length && items.length) {
    // small: twenty, so that four are received and their goods receipts hold every lifecycle state
    const count = small ? 20 : 400;
    const docs = [];
    for (let i = 0; i < count; i++) {
      const lines: Values[] = [];
      for (let n = 0; n < 1 + Math.floor(r() * 4); n++) {
        const quantity = 5 + Math.floor(r() * 95);
        const unitPrice = (2 + Math.floor(r() * 300)) * 50_000;
        lines.push({ item: pick(r, items), quantity, unitPrice, amount: quantity * unitPrice });
      }
      docs.push({
        values: {
          number: `PO-1405-${String(i + 1).padStart(4, '0')}`,
          // every third order belongs to the first vendor (the demo `vendor` user)
          vendor: i % 3 === 0 ? vendorIds[0]! : pick(r, vendorIds),
          date: day1405(Math.floor((i / count) * DAYS_SO_FAR)),
          warehouse: warehouses.length ? pick(r, warehouses) : null,
          status: small ? STATES[i % STATES.length]! : pick(r, STATES),
          description: 'خرید مواد و کالای مصرفی',
          total: lines.reduce((a, l) => a + Number(l.amount), 0),
        },
        lines,
      });
    }
    const poIds = await insertBatchDocuments(db, ctx, 'supplyChain.purchaseOrder', docs);
    const receipts = [];
    const history: Values[] = [];
    for (const [i, doc] of docs.entries()) {
      const id = poIds[i]!;
      let from = 'draft';
      for (const to of PATH[String(doc.values.status)] ?? []) {
        history.push({
          entityKey: 'supplyChain.purchaseOrder',
          rowId: id,
          fromState: from,
          toState: to,
          userName: to === 'approved' ? 'admin' : to === 'received' ? 'storekeeper' : 'staff',
          at: `${String(doc.values.date)}T09:30:00.000Z`,
        });
        from = to;
      }
      if (doc.values.status === 'received')
        receipts.push({
          values: {
            number: `GR-1405-${String(receipts.length + 1).padStart(4, '0')}`,
            purchaseOrder: id,
            vendor: doc.values.vendor,
            warehouse: doc.values.warehouse,
            date: doc.values.date,
            description: 'رسید انبار از سفارش خرید',
            total: doc.values.total,
          },
          // the order's prices: the receipt posts inventory against goods received not invoiced
          lines: doc.lines.map((l) => ({
            item: l.item ?? null,
            quantity: l.quantity ?? null,
            unitPrice: l.unitPrice ?? null,
            amount: l.amount ?? null,
            note: '',
          })),
        });
    }
    await insertBatchDocuments(db, ctx, 'supplyChain.goodsReceipt', receipts);
    await insertBatch(db, ctx, 'workFlow.transitionLog', history);
  }

  const plans: Values[] = [];
  const months = small ? 2 : 12;
  for (let m = 0; m < months; m++) {
    const start = day1405(m * 30 + Math.min(m, 6));
    const end = day1405(Math.min((m + 1) * 30 + Math.min(m + 1, 6) - 1, 364));
    plans.push({
      title: `برنامه فروش ${MONTHS[m]} ۱۴۰۵`,
      kind: 'sales',
      startDate: start,
      endDate: end,
      target: (8 + Math.floor(r() * 8)) * 1_000_000_000,
    });
    if (items.length)
      plans.push({
        title: `برنامه تولید ${MONTHS[m]} ۱۴۰۵`,
        kind: 'production',
        item: items[m % items.length]!,
        startDate: start,
        endDate: end,
        target: 400 + Math.floor(r() * 600),
      });
  }
  await insertBatch(db, ctx, 'planning.plan', plans);

  await grant(db, 'vendor', 'supplyChain.purchaseOrder', ['view', 'export', 'print']);
  await menuFor(db, 'vendor', 'supplyChain.purchaseOrder');
  // the storekeeper receives approved orders (workflow) and records goods receipts
  await grant(db, 'storekeeper', 'supplyChain.purchaseOrder', ['view', 'edit', 'print']);
  await grant(db, 'storekeeper', 'supplyChain.goodsReceipt', [
    'view',
    'create',
    'edit',
    'delete',
    'export',
    'print',
  ]);
  // the chain (docs/chain.md): a vendor sees its own purchase invoices; the storekeeper sends goods
  // back to vendors and reads the invoices they come from
  await grant(db, 'vendor', 'supplyChain.purchaseInvoice', ['view', 'export', 'print']);
  await menuFor(db, 'vendor', 'supplyChain.purchaseInvoice');
  await grant(db, 'storekeeper', 'supplyChain.purchaseInvoice', ['view', 'print']);
  await grant(db, 'storekeeper', 'supplyChain.purchaseReturn', [
    'view',
    'create',
    'edit',
    'delete',
    'export',
    'print',
  ]);
  // the workflow history is written by the server only
  await grant(db, 'staff', 'workFlow.transitionLog', ['view', 'export', 'print']);
};

/** Plan actuals once every module has seeded its invoices and stock moves (last in SEEDERS). */
export const seedPlanActuals: Seeder = async ({ db }) => {
  await refreshPlans(db);
};
