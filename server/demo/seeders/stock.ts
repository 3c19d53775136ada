/**
 * The demo's stock ledger: after the lifecycle seeder made some of each document kind final, the
 * final stock documents, invoices and counts get their stock entries in bulk
 * (server/inventory/stockBulk.ts: the same planner and arithmetic as a Finalise). So that no final
 * issue finds less than it takes, an opening stock document per warehouse (kind `opening`: it moves
 * stock in and posts nothing, the opening voucher carries its value: ./opening.ts; final, dated
 * the first day of the year, before the first final document, at the items' purchase prices)
 * first brings in what the final documents issue beyond what they receive, with a margin, and a
 * thousand units of every item (`seedOpeningStock`, before the documents are numbered, so the
 * opening documents take the first numbers); a final count finds the system quantity of its date
 * and counts within a few units of it (`seedStock`, after the numbering).
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
const WAREHOUSES = 'inventory.warehouse';
const FIRST_DAY = '2026-03-21';

/** The day before `iso`. */
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);

/** Thousandths of stock every opening line has beyond what the final documents need: a thousand units. */
const BASE = 1_000_000n;

/**
 * Thousandths each item × warehouse has at the opening, so that no final document goes below zero
 * and a draft finalised in the demo finds stock: what the final documents issue beyond what they
 * receive before, a tenth of what they issue, and a thousand units.
 */
async function openingNeeds(
  db: Untyped,
  ctx: Parameters<Seeder>[0]['ctx'],
  pairs: readonly string[],
): Promise<{ needs: Map<string, bigint>; first: string }> {
  const running = new Map<string, bigint>();
  const lowest = new Map<string, bigint>();
  const issued = new Map<string, bigint>();
  let first = '9999-12-31';
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
  for (const key of new Set([...pairs, ...lowest.keys()])) {
    const wanted = -(lowest.get(key) ?? 0n) + (issued.get(key) ?? 0n) / 10n + BASE;
    needs.set(key, ((wanted + 999n) / 1000n) * 1000n);
  }
  return { needs, first };
}

export const seedOpeningStock: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  const items = ctx.registry.byEntityKey(ITEMS);
  const warehouses = ctx.registry.byEntityKey(WAREHOUSES);
  if (!items || !warehouses || !ctx.registry.byEntityKey(MOVES)) return;
  const itemRows = (await untyped
    .selectFrom(items.table)
    .select(['id', 'purchasePrice'])
    .execute()) as Record<string, unknown>[];
  const warehouseIds = (
    (await untyped.selectFrom(warehouses.table).select('id').execute()) as { id: unknown }[]
  ).map((r) => Number(r.id));
  const pairs = itemRows.flatMap((i) => warehouseIds.map((w) => `${Number(i.id)}|${w}`));
  const { needs, first } = await openingNeeds(untyped, ctx, pairs);
  const prices = new Map(itemRows.map((r) => [Number(r.id), Number(r.purchasePrice ?? 0)]));
  const byWarehouse = new Map<number, Values[]>();
  for (const [key, milli] of needs) {
    const [item, warehouse] = key.split('|').map(Number) as [number, number];
    const quantity = fromMilli(milli);
    const unitCost = prices.get(item) ?? 0;
    const list = byWarehouse.get(warehouse) ?? [];
    list.push({ item, quantity, unitCost, amount: Math.round(quantity * unitCost), note: '' });
    byWarehouse.set(warehouse, list);
  }
  // the first day of the year, unless a final document is dated on it or before
  const date = first > FIRST_DAY ? FIRST_DAY : dayBefore(first);
  await insertBatchDocuments(
    db,
    ctx,
    MOVES,
    [...byWarehouse.entries()].map(([warehouse, lines], i) => ({
      values: {
        date,
        kind: 'opening',
        warehouse,
        reference: `OP-1405-${String(i + 1).padStart(2, '0')}`,
        description: 'موجودی اول دوره',
        totalQuantity: lines.reduce((a, l) => a + Number(l.quantity), 0),
        [DOC_STATE_FIELD]: 'final',
      },
      lines,
    })),
  );
};

/**
 * The stock entries of every final document with a stock effect (in bulk, in date order): after
 * their numbers (./numbers.ts seedDocumentNumbers), so the kardex names each by its number.
 */
export const seedStock: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  if (!ctx.registry.byEntityKey(MOVES)) return;
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
