/** The company the print header shows: the settings `company.*` (runtime/shared/printFormat.ts COMPANY_KEYS). */
import type { Untyped } from '../db/untyped';
import { settingValues } from '../accounting/chart';
import { COMPANY_KEYS, type PrintCompany } from '../../runtime/shared/printFormat';

export async function printCompany(db: Untyped): Promise<PrintCompany> {
  const values = await settingValues(db, Object.values(COMPANY_KEYS));
  const out: PrintCompany = {};
  for (const [field, key] of Object.entries(COMPANY_KEYS) as [keyof PrintCompany, string][]) {
    const v = values.get(key);
    if (v) out[field] = v;
  }
  return out;
}
