/**
 * The opening voucher of 1405 (سند افتتاحیه), once the opening stock is known (./stock.ts): the
 * cash boxes' and bank accounts' opening balances and the opening stock documents' value on the
 * inventory account, against capital; so the ledger's inventory opens at what the stock ledger
 * holds. Inserted final before the postings of the final documents (./ledger.ts): V-1405-000001.
 */
import type { Untyped } from '../../db/untyped';
import { insertVouchers } from '../../accounting/bulkPosting';
import { openingVoucher } from './books';
import { holdersOf } from './parties';
import type { Seeder } from './seeder';

/** The value of the opening stock documents (their lines' amounts, Rial). */
async function openingStockValue(db: Untyped, ctx: Parameters<Seeder>[0]['ctx']): Promise<number> {
  const moves = ctx.registry.byEntityKey('inventory.stockMove');
  const lines = moves?.children.find((c) => c.name === 'lines');
  if (!moves || !lines) return 0;
  const rows = (await db
    .selectFrom(`${lines.table} as l`)
    .innerJoin(`${moves.table} as m`, 'm.id', 'l.parent_id')
    .select('l.amount')
    .where('m.kind', '=', 'opening')
    .execute()) as { amount: unknown }[];
  return rows.reduce((a, r) => a + Number(r.amount ?? 0), 0);
}

export const seedOpening: Seeder = async ({ db, ctx }) => {
  const untyped = db as unknown as Untyped;
  const account = ctx.registry.byEntityKey('accounting.account');
  if (!account) return;
  const codes = (await untyped.selectFrom(account.table).select(['id', 'code']).execute()) as {
    id: unknown;
    code: unknown;
  }[];
  const ids = new Map(codes.map((r) => [String(r.code), Number(r.id)]));
  const built = openingVoucher(
    (code) => ids.get(code) ?? 1,
    await holdersOf(db, ctx, 'treasury.cashBox'),
    await holdersOf(db, ctx, 'treasury.bankAccount'),
    await openingStockValue(untyped, ctx),
  );
  await insertVouchers(untyped, ctx, [{ built, kind: 'opening', source: null }]);
};
