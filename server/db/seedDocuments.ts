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
