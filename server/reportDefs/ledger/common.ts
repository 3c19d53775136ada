/**
 * What the ledger sources share: reading their parameters (validated by params.ts already), the
 * ledger filter they make (an account of any level = it and every account under it), and the
 * vouchers of some kinds (read from the voucher's `kind` field) a report treats apart:
 * - `excludeVoucherKinds`: left out altogether (a profit and loss without the closing voucher);
 * - `closingVoucherKinds`: left out when dated on the report's last day (`range.to`, `asOf`): a
 *   report at a day shows it before that day's year-end closing, whose vouchers zero every account;
 * - `openingVoucherKinds`: dated on the report's first day (`range.from`), counted in the opening
 *   balance, not the turnover: a year's opening balances are its opening voucher.
 * The year-end vouchers (server/accounting/yearEnd.ts) close every account at the year's last day
 * and open the balance-sheet accounts at the next one's first, so sums over all history stay right.
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
  turnoverToOpening,
  voucherKindDaySums,
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

/** The options' voucher kinds treated apart (all empty when the voucher has no `kind`). */
export interface KindOptions {
  exclude: string[];
  closing: string[];
  opening: string[];
}

export function kindOptions(call: SourceCall): KindOptions {
  const o = call.def.options;
  if (!kindColumn(call.entity)) return { exclude: [], closing: [], opening: [] };
  return {
    exclude: stringList(o?.excludeVoucherKinds),
    closing: stringList(o?.closingVoucherKinds),
    opening: stringList(o?.openingVoucherKinds),
  };
}

/** The option names of voucher kinds (optionProblems of the sources reading them). */
export const KIND_OPTIONS = ['excludeVoucherKinds', 'closingVoucherKinds', 'openingVoucherKinds'] as const;

/**
 * Daily sums (opening before `days.from`, turnover within the range) with the vouchers of the
 * options' kinds treated apart: excluded, closing on `days.to` left out, opening on `days.from`
 * moved into the opening.
 */
export async function balanceSums(
  call: SourceCall,
  f: LedgerFilter,
  days: Days,
  by: GroupBy,
): Promise<Sums[]> {
  const db = call.ctx.db as unknown as Untyped;
  let sums = await dailySums(db, f, days, by);
  const kinds = kindOptions(call);
  const vouchers = (list: string[]) => ({ table: call.entity.table, kindColumn: 'kind', kinds: list });
  if (kinds.exclude.length)
    sums = subtractSums(sums, await voucherKindSums(db, f, days, by, vouchers(kinds.exclude)));
  if (kinds.closing.length)
    sums = subtractSums(sums, await voucherKindDaySums(db, f, days.to, by, vouchers(kinds.closing)));
  if (kinds.opening.length && days.from !== null)
    sums = turnoverToOpening(sums, await voucherKindDaySums(db, f, days.from, by, vouchers(kinds.opening)));
  return sums;
}

/** KIND_OPTIONS' problems: each a list of texts. */
export function kindOptionProblems(options: Record<string, unknown>): string[] {
  return KIND_OPTIONS.flatMap((k) => listProblems(options, k));
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
