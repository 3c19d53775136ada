/**
 * The demo's stock ledger: after the lifecycle seeder made some of each document kind final, the
 * final stock documents, invoices and counts get their stock entries in bulk
 * (server/inventory/stockBulk.ts: the same planner and arithmetic as a Finalise). So that no final
 * issue finds less than it takes, an opening stock document per warehouse (a final receipt, dated
 * before the first final document, at the items' purchase prices) first brings in what the final
 * documents issue beyond what they receive, with a margin; a final count finds the system quantity
 * of its date and counts within a few units of it.
 */
import type { Untyped } from '../../db/untyped';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import { fromMilli } from '../../../runtime/shared/stock';
import { finalStockDocuments, stockInBulk } from '../../inventory/stockBulk';
import { planMoves } from '../../inventory/stockPlan';
import { insertBatchDocuments, rng, type Values } from './batch';
import type { Seeder } from './seeder';

const MOVES = 'inventory.stockMove';
const ITEMS = 'inventory.item';
const FIRST_DAY = '2026-03-21';

/** The day before `iso`. */
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);

/** Thousandths each item × warehouse needs on hand before the final documents so none goes below zero. */
async function openingNeeds(
  db: Untyped,
  ctx: Parameters<Seeder>[0]['ctx'],
): Promise<{ needs: Map<string, bigint>; first: string }> {
  const running = new Map<string, bigint>();
  const lowest = new Map<string, bigint>();
  const issued = new Map<string, bigint>();
  let first = FIRST_DAY;
  for (const doc of await finalStockDocuments(db, ctx)) {
    if (doc.date < first) first = doc.date;
    // counts move what they find against the system's quantity: they never take more than is there
    if (doc.entity.def.stock?.onHand?.length) continue;
    for (const m of planMoves({ def: doc.entity.def, values: doc.values, lines: doc.lines })) {
      const key = `${m.item}|${m.warehouse}`;
      const now = (running.get(key) ?? 0n) + (m.direction === 'in' ? m.quantity : -m.quantity);
      running.set(key, now);
      if (now < (lowest.get(key) ?? 0n)) lowest.set(key, now);
      if (m.direction === 'out') issued.set(key, (issued.get(key) ?? 0n) + m.quantity);
    }
  }
  const needs = new Map<string, bigint>();
  for (const [key, low] of lowest) {
    // a margin: a tenth of what goes out, at least twenty units, in whole units
    const margin = (issued.get(key) ?? 0n) / 10n;
    const wanted = -low + (margin > 20_000n ? margin : 20_000n);
    needs.set(key, ((wanted + 999n) / 1000n) * 1000n);
  }
  return { needs, first };
}

export const seedStock: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  const items = ctx.registry.byEntityKey(ITEMS);
  if (!items || !ctx.registry.byEntityKey(MOVES)) return;
  const { needs, first } = await openingNeeds(untyped, ctx);
  const prices = new Map(
    (
      (await untyped.selectFrom(items.table).select(['id', 'purchasePrice']).execute()) as Record<
        string,
        unknown
      >[]
    ).map((r) => [Number(r.id), Number(r.purchasePrice ?? 0)]),
  );
  const byWarehouse = new Map<number, Values[]>();
  for (const [key, milli] of needs) {
    const [item, warehouse] = key.split('|').map(Number) as [number, number];
    const quantity = fromMilli(milli);
    const unitCost = prices.get(item) ?? 0;
    const list = byWarehouse.get(warehouse) ?? [];
    list.push({ item, quantity, unitCost, amount: Math.round(quantity * unitCost), note: '' });
    byWarehouse.set(warehouse, list);
  }
  const date = dayBefore(first);
  await insertBatchDocuments(
    db,
    ctx,
    MOVES,
    [...byWarehouse.entries()].map(([warehouse, lines], i) => ({
      values: {
        date,
        kind: 'receipt',
        warehouse,
        reference: `OP-1405-${String(i + 1).padStart(2, '0')}`,
        description: 'موجودی اول دوره',
        totalQuantity: lines.reduce((a, l) => a + Number(l.quantity), 0),
        [DOC_STATE_FIELD]: 'final',
      },
      lines,
    })),
  );
  // a count finds the system's quantity, give or take a few units (most lines exactly)
  const r = rng(91405);
  await stockInBulk(untyped, ctx, {
    adjust: (doc) => {
      const out = { ...doc.lines };
      for (const fill of doc.entity.def.stock?.onHand ?? [])
        out[fill.forEach] = (out[fill.forEach] ?? []).map((line) => {
          const system = Number(line[fill.field] ?? 0);
          const x = r();
          const delta = x < 0.6 ? 0 : x < 0.8 ? -Math.ceil(r() * 3) : Math.ceil(r() * 2);
          return { ...line, countedQuantity: Math.max(0, system + delta) };
        });
      return out;
    },
  });
};
