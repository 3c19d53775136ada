/**
 * Tax codes (runtime/shared/taxSeed.ts, docs/tax.md), the default code items without one take
 * (tax.defaultCode) and the company's identity invoices keep as their seller (company.*): before
 * the items (./inventory.ts gives each its code) and the invoices (./finance.ts taxes them).
 */
import { DEFAULT_TAX_CODE_SETTING } from '../../../runtime/shared/tax';
import { COMPANY_SETTINGS, SEED_TAX_CODES, STANDARD_TAX_CODE } from '../../../runtime/shared/taxSeed';
import type { Untyped } from '../../db/untyped';
import { insertBatch } from './batch';
import { insertDocs } from './financeDocs';
import type { Seeder } from './seeder';

export const TAX_CODES = 'accounting.taxCode';

export const seedTax: Seeder = async ({ db, ctx }) => {
  await insertDocs(
    db,
    ctx,
    TAX_CODES,
    SEED_TAX_CODES.map(({ rates, ...values }) => ({ values, lines: rates })),
    'rates',
  );
  await insertBatch(db, ctx, 'systemConfig.setting', [
    { key: DEFAULT_TAX_CODE_SETTING, value: STANDARD_TAX_CODE },
    ...COMPANY_SETTINGS.map(({ key, value }) => ({ key, value })),
  ]);
};

/** The demo's tax codes' ids by code. */
export async function taxCodeIds(db: Untyped, table: string): Promise<Map<string, number>> {
  const rows = (await db.selectFrom(table).select(['id', 'code']).execute()) as {
    id: unknown;
    code: unknown;
  }[];
  return new Map(rows.map((r) => [String(r.code), Number(r.id)]));
}
