/**
 * What the ledger sources share: reading their parameters (validated by params.ts already), the
 * ledger filter they make (an account of any level = it and every account under it), and leaving
 * vouchers of some kinds out (option `excludeVoucherKinds`, read from the voucher's `kind` field).
 */
import type { DateRange } from '../../../runtime/shared/reportDefinition';
import type { Entity } from '../../definitions/registry';
import type { Untyped } from '../../db/untyped';
import type { SourceCall } from '../source';
import type { Chart } from './chart';
import {
  type Days,
  type GroupBy,
  type LedgerFilter,
  type Sums,
  dailySums,
  subtractSums,
  voucherKindSums,
} from './query';

export function rangeParam(call: SourceCall, name = 'range'): DateRange {
  return call.params[name] as DateRange;
}

export function idParam(call: SourceCall, name: string): number | null {
  const v = call.params[name];
  return typeof v === 'number' ? v : null;
}

/** An enum parameter holding a level ("1".."3"), else the option's, else `fallback`. */
export function levelParam(call: SourceCall, fallback: number): number {
  const v = call.params.level ?? call.def.options?.level;
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 9 ? n : fallback;
}

/** The filter of the `account`, `detail` and `branch` parameters (`accounts` narrows further). */
export function ledgerFilter(call: SourceCall, chart: Chart, accounts: number[] | null = null): LedgerFilter {
  const account = idParam(call, 'account');
  let ids = accounts;
  if (account !== null) {
    const under = chart.subtree(account);
    const set = new Set(under);
    ids = ids === null ? under : ids.filter((id) => set.has(id));
  }
  return { accounts: ids, detail: idParam(call, 'detail'), branch: idParam(call, 'branch') };
}

export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Daily sums without the vouchers whose `kind` is one of the option `excludeVoucherKinds`. */
export async function balanceSums(
  call: SourceCall,
  f: LedgerFilter,
  days: Days,
  by: GroupBy,
): Promise<Sums[]> {
  const db = call.ctx.db as unknown as Untyped;
  const sums = await dailySums(db, f, days, by);
  const kinds = stringList(call.def.options?.excludeVoucherKinds);
  const column = kindColumn(call.entity);
  if (!kinds.length || !column) return sums;
  const out = await voucherKindSums(db, f, days, by, { table: call.entity.table, kindColumn: column, kinds });
  return subtractSums(sums, out);
}

/** The voucher's `kind` column, when its definition has one. */
function kindColumn(entity: Entity): string | null {
  return Object.hasOwn(entity.def.schema.properties, 'kind') ? 'kind' : null;
}

/** Options not in `known`: "unknown option". */
export function optionProblems(options: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(options)
    .filter((k) => !known.includes(k))
    .map((k) => `/options/${k}: unknown option`);
}

/** An option that must be a list of texts (of `allowed` when given). */
export function listProblems(
  options: Record<string, unknown>,
  key: string,
  allowed?: readonly string[],
): string[] {
  const v = options[key];
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    return [`/options/${key}: must be a list of texts`];
  const bad = allowed ? v.filter((x: string) => !allowed.includes(x)) : [];
  return bad.length ? [`/options/${key}: unknown ${bad.join(', ')}`] : [];
}
