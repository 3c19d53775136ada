/** Demo rows of the document, branch, settings and stock-taking entities (small; docs/api.md). */
import type { SeedRow } from './seedData';

export const BRANCHES: SeedRow[] = [
  { code: '01', title: 'شعبه مرکزی', hasOperatingLicence: true },
  { code: '02', title: 'شعبه شمال', hasOperatingLicence: false },
];

export const STOCK_TAKINGS: SeedRow[] = [
  { title: 'انبارگردانی پایان سال ۱۴۰۴', startedOn: '2026-03-15', status: 'closed' },
];

export interface SeedDocument {
  values: SeedRow;
  lines: SeedRow[];
}
