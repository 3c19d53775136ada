/** Demo rows of the document, branch, settings and stock-taking entities (small; docs/api.md). */
import type { SeedRow } from './seedData';

/** Licence valid for a year from the first start. */
export function demoSettings(now = new Date()): SeedRow[] {
  const expires = new Date(now.getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return [{ key: 'licence.expiresOn', value: expires }];
}

export const BRANCHES: SeedRow[] = [
  { title: 'شعبه مرکزی', hasOperatingLicence: true },
  { title: 'شعبه شمال', hasOperatingLicence: false },
];

export const STOCK_TAKINGS: SeedRow[] = [
  { title: 'انبارگردانی پایان سال ۱۴۰۴', startedOn: '2026-03-15', status: 'closed' },
];

export interface SeedDocument {
  values: SeedRow;
  lines: SeedRow[];
}

/** Invoices of the first customer (`customer` is filled with its id at seed time). */
export const INVOICES: SeedDocument[] = [
  {
    values: { number: 'F-1405-001', date: '2026-04-12', description: 'فروش نقدی', total: 5_400_000 },
    lines: [
      { item: 'برنج ایرانی ۱۰ کیلویی', quantity: 2, unitPrice: 2_200_000, amount: 4_400_000 },
      { item: 'روغن مایع ۱ لیتری', quantity: 4, unitPrice: 250_000, amount: 1_000_000 },
    ],
  },
];

export const VOUCHERS: SeedDocument[] = [
  {
    values: {
      number: 'S-1405-001',
      date: '2026-04-12',
      description: 'فروش نقدی',
      totalDebit: 5_400_000,
      totalCredit: 5_400_000,
    },
    lines: [
      { account: 'صندوق', debit: 5_400_000, credit: 0 },
      { account: 'فروش کالا', debit: 0, credit: 5_400_000 },
    ],
  },
];
