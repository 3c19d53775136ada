/**
 * A few documents of each kind of the sales and purchase chain (docs/chain.md) the other seeders do
 * not write: pro-formas, sales returns, purchase invoices and purchase returns, six of each in
 * either demo (cheap), spread over the year and made from no source (their `source` is optional).
 * The lifecycle seeder then sets some final and cancelled; the stock and ledger seeders give the
 * final ones their stock entries and vouchers as for any document.
 */
import type { Seeder } from './seeder';
import { DAYS_SO_FAR, day1405, idsOf, insertBatchDocuments, pick, rng, type Values } from './batch';

const COUNT = 6;
const VAT = 0.1;

/** Lines of one document and its totals (VAT as the definitions compute it). */
function linesOf(r: () => number, items: number[]): { lines: Values[]; total: number; tax: number } {
  const lines: Values[] = [];
  for (let n = 0; n < 1 + Math.floor(r() * 3); n++) {
    const quantity = 1 + Math.floor(r() * 4);
    const unitPrice = (20 + Math.floor(r() * 200)) * 10_000;
    lines.push({ item: pick(r, items), quantity, unitPrice, amount: quantity * unitPrice });
  }
  const total = lines.reduce((a, l) => a + Number(l.amount), 0);
  return { lines, total, tax: Math.round(total * VAT) };
}

export const seedChain: Seeder = async ({ db, ctx, vendorIds, customerIds }) => {
  const items = await idsOf(db, ctx, 'inventory.item');
  const warehouses = await idsOf(db, ctx, 'inventory.warehouse');
  if (!items.length || !warehouses.length || !vendorIds.length || !customerIds.length) return;
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
      const { lines, total, tax } = linesOf(r, items);
      docs.push({
        values: {
          number: `${prefix}-1405-${String(i + 1).padStart(6, '0')}`,
          [party]: pick(r, party === 'customer' ? customerIds : vendorIds),
          date: day1405(Math.floor(((i + 0.5) / COUNT) * DAYS_SO_FAR)),
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
