/**
 * The standard chart of accounts (server/accounting/standardChart.ts) as seeded: the detail groups,
 * the accounts level by level (groups, general, subsidiary accounts with their detail groups) and
 * the settings `accounting.account.*` naming the default accounts postings use.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { SystemTables } from '../../db/types';
import {
  ACCOUNT_SETTINGS,
  DETAIL_GROUPS,
  STANDARD_CHART,
  accountSettingKey,
  chartLevel,
  chartParent,
  statementOf,
  type AccountSettingName,
  type DetailGroupName,
} from '../../accounting/standardChart';
import { insertBatch } from './batch';

export interface SeededChart {
  /** Account ids by code. */
  accounts: Map<string, number>;
  /** Detail group ids by name (persons, banks…). */
  groups: Map<DetailGroupName, number>;
}

export async function seedStandardChart(db: Kysely<SystemTables>, ctx: AppContext): Promise<SeededChart> {
  const names = Object.keys(DETAIL_GROUPS) as DetailGroupName[];
  const groupIds = await insertBatch(
    db,
    ctx,
    'accounting.detailGroup',
    names.map((n) => ({ code: DETAIL_GROUPS[n].code, name: DETAIL_GROUPS[n].name, active: true })),
  );
  const groups = new Map(names.map((n, i) => [n, groupIds[i] ?? 0]));
  const accounts = new Map<string, number>();
  for (const level of [1, 2, 3]) {
    const rows = STANDARD_CHART.filter((a) => chartLevel(a.code) === level);
    const ids = await insertBatch(
      db,
      ctx,
      'accounting.account',
      rows.map((a) => {
        const parent = chartParent(a.code);
        return {
          code: a.code,
          name: a.name,
          kind: a.kind,
          nature: a.nature,
          statement: statementOf(a.kind),
          level,
          parent: parent ? (accounts.get(parent) ?? null) : null,
          detail1Group: a.detail ? (groups.get(a.detail) ?? null) : null,
          active: true,
        };
      }),
    );
    ids.forEach((id, i) => accounts.set(rows[i]?.code ?? '', id));
  }
  await insertBatch(
    db,
    ctx,
    'systemConfig.setting',
    (Object.keys(ACCOUNT_SETTINGS) as AccountSettingName[]).map((name) => ({
      key: accountSettingKey(name),
      value: ACCOUNT_SETTINGS[name],
    })),
  );
  return { accounts, groups };
}
