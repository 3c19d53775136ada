/**
 * A few documents of each kind of the sales and purchase chain (docs/chain.md) the other seeders do
 * not write: pro-formas, sales returns, purchase invoices and purchase returns, six of each in
 * either demo (cheap), spread over the year and made from no source (their `source` is optional).
 * The lifecycle seeder then sets some final and cancelled; the stock and ledger seeders give the
 * final ones their stock entries and vouchers as for any document.
 */
import { rateOn, taxFigures } from '../../../runtime/shared/tax';
import type { Untyped } from '../../db/untyped';
import type { Seeder } from './seeder';
import { DAYS_SO_FAR, day1405, idsOf, insertBatchDocuments, pick, rng, type Values } from './batch';
import type { DemoPricing } from './financeDocs';
import { demoPricing } from './finance';

const COUNT = 6;

/**
 * Lines of one document and its totals: each line's VAT at its item's tax code's rate on the day,
 * by the server's own functions (runtime/shared/tax.ts), as the `tax` declaration computes it.
 */
function linesOf(
  r: () => number,
  items: number[],
  date: string,
  pricing: DemoPricing,
  itemCodes: ReadonlyMap<number, number | null>,
): { lines: Values[]; total: number; tax: number } {
  const lines: Values[] = [];
  for (let n = 0; n < 1 + Math.floor(r() * 3); n++) {
    const item = pick(r, items);
    const quantity = 1 + Math.floor(r() * 4);
    const unitPrice = (20 + Math.floor(r() * 200)) * 10_000;
    const code = pricing.codes.get(itemCodes.get(item) ?? pricing.defaultCode ?? 0);
    lines.push({
      item,
      quantity,
      unitPrice,
      amount: quantity * unitPrice,
      taxCode: code?.id ?? null,
      taxRate: code ? (rateOn(code, date) ?? 0) : 0,
    });
  }
  const figures = taxFigures(
    lines.map((l) => ({ base: l.amount, rate: Number(l.taxRate) })),
    0,
    true,
  );
  lines.forEach((l, i) => (l.tax = Number(figures.lines[i]!.tax)));
  const total = lines.reduce((a, l) => a + Number(l.amount), 0);
  return { lines, total, tax: Number(figures.total) };
}

export const seedChain: Seeder = async ({ db, ctx, vendorIds, customerIds }) => {
  const items = await idsOf(db, ctx, 'inventory.item');
  const warehouses = await idsOf(db, ctx, 'inventory.warehouse');
  if (!items.length || !warehouses.length || !vendorIds.length || !customerIds.length) return;
  const pricing = await demoPricing(db, ctx);
  const itemTable = ctx.registry.byEntityKey('inventory.item')?.table;
  const itemCodes = new Map<number, number | null>();
  if (itemTable)
    for (const row of (await (db as unknown as Untyped)
      .selectFrom(itemTable)
      .select(['id', 'taxCode'])
      .execute()) as { id: unknown; taxCode: unknown }[])
      itemCodes.set(
        Number(row.id),
        row.taxCode === null || row.taxCode === undefined ? null : Number(row.taxCode),
      );
  const r = rng(251405);
  const kinds: [key: string, prefix: string, party: 'customer' | 'vendor', stock: boolean][] = [
    ['sales.proforma', 'PF', 'customer', false],
    ['sales.return', 'SR', 'customer', true],
    ['supplyChain.purchaseInvoice', 'PI', 'vendor', false],
    ['supplyChain.purchaseReturn', 'PR', 'vendor', true],
  ];
  for (const [key, prefix, party, stock] of kinds) {
    const docs = [];
    for (let i = 0; i < COUNT; i++) {
      const date = day1405(Math.floor(((i + 0.5) / COUNT) * DAYS_SO_FAR));
      const { lines, total, tax } = linesOf(r, items, date, pricing, itemCodes);
      docs.push({
        values: {
          number: `${prefix}-1405-${String(i + 1).padStart(6, '0')}`,
          [party]: pick(r, party === 'customer' ? customerIds : vendorIds),
          date,
          ...(stock ? { warehouse: pick(r, warehouses) } : {}),
          description: 'سند نمونه',
          total,
          tax,
          grandTotal: total + tax,
        },
        lines,
      });
    }
    await insertBatchDocuments(db, ctx, key, docs);
  }
};
