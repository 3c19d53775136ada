/**
 * `ledger.balances`: opening, turnover and closing balances per account at a level (1 group,
 * 2 general, 3 subsidiary: subsidiaries' sums rolled up through `parent`) or per detail account,
 * read from the daily totals. A trial balance of 2, 4, 6 or 8 columns is this source with columns
 * shown by `visibleWhen` on a parameter.
 *
 * Figures of a row (BigInt, split into debit/credit sides after rolling up, so a general account
 * shows its own net balance):
 *   opening  = balance before `range.from`              → openingDebit / openingCredit
 *   turnover = debits / credits within the range        → turnoverDebit / turnoverCredit
 *   total    = opening side + turnover of the same side → totalDebit / totalCredit
 *   closing  = opening + turnover                       → closingDebit / closingCredit
 *
 * Parameters: range (required), level, account (any level: its subtree), detail, branch.
 * Options: groupBy "account" (default) | "detail"; statement "balanceSheet" | "profitLoss";
 * kinds [asset…]; excludeVoucherKinds, closingVoucherKinds, openingVoucherKinds [kind of voucher]
 * (common.ts: the year-end vouchers); level (default of the parameter, 3); keepZero (rows without
 * any figure are left out unless true).
 */
import { money, sides } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { type Chart, loadChart } from './chart';
import {
  balanceSums,
  KIND_OPTIONS,
  kindOptionProblems,
  ledgerFilter,
  levelParam,
  listProblems,
  optionProblems,
  rangeParam,
  stringList,
} from './common';
import { detailNames } from './details';
import { ACCOUNT_KINDS, READS, STATEMENTS } from './names';

const FIGURES = [
  'openingDebit',
  'openingCredit',
  'turnoverDebit',
  'turnoverCredit',
  'totalDebit',
  'totalCredit',
  'closingDebit',
  'closingCredit',
] as const;

const ACCOUNT_FIELDS = ['accountId', 'accountCode', 'accountName', 'level'] as const;
const DETAIL_FIELDS = ['detailId', 'detailCode', 'detailName'] as const;

interface Acc {
  od: bigint;
  oc: bigint;
  td: bigint;
  tc: bigint;
}

/** The figures of a row from its rolled-up sums. */
export function figures(a: Acc): Record<(typeof FIGURES)[number], bigint> {
  const opening = sides(a.od - a.oc);
  const closing = sides(a.od - a.oc + a.td - a.tc);
  return {
    openingDebit: opening.debit,
    openingCredit: opening.credit,
    turnoverDebit: a.td,
    turnoverCredit: a.tc,
    totalDebit: opening.debit + a.td,
    totalCredit: opening.credit + a.tc,
    closingDebit: closing.debit,
    closingCredit: closing.credit,
  };
}

/** Accounts of the options' statement and kinds (null: no such option, every account). */
export function accountsOfOptions(
  chart: Chart,
  options: Record<string, unknown> | undefined,
): number[] | null {
  const statement = options?.statement;
  const kinds = stringList(options?.kinds);
  if (statement === undefined && !kinds.length) return null;
  return [...chart.byId.values()]
    .filter((a) => statement === undefined || a.statement === statement)
    .filter((a) => !kinds.length || (a.kind !== null && kinds.includes(a.kind)))
    .map((a) => a.id);
}

function add(to: Map<number, Acc>, key: number, s: Acc): void {
  const acc = to.get(key) ?? { od: 0n, oc: 0n, td: 0n, tc: 0n };
  acc.od += s.od;
  acc.oc += s.oc;
  acc.td += s.td;
  acc.tc += s.tc;
  to.set(key, acc);
}

const isZero = (a: Acc) => a.od === a.oc && a.td === 0n && a.tc === 0n;

async function run(call: SourceCall) {
  const chart = await loadChart(call.ctx);
  const range = rangeParam(call);
  const byDetail = call.def.options?.groupBy === 'detail';
  const filter = ledgerFilter(call, chart, accountsOfOptions(chart, call.def.options));
  const sums = await balanceSums(
    call,
    filter,
    { from: range.from, to: range.to },
    { account: !byDetail, detail: byDetail },
  );
  const level = levelParam(call, 3);
  const rolled = new Map<number, Acc>();
  for (const s of sums) {
    if (byDetail) {
      if (s.detailId > 0) add(rolled, s.detailId, s);
    } else {
      const target = chart.at(s.accountId, level);
      // entries on an account missing from the chart keep their own id (never dropped)
      add(rolled, target?.id ?? s.accountId, s);
    }
  }
  const keep = call.def.options?.keepZero === true;
  const entries = [...rolled].filter(([, a]) => keep || !isZero(a));
  const rows: SourceRow[] = [];
  if (byDetail) {
    const names = await detailNames(call.ctx, rolled.keys());
    for (const [id, a] of entries) {
      const name = names.get(id);
      rows.push({ detailId: id, detailCode: name?.code ?? '', detailName: name?.name ?? '', ...out(a) });
    }
    rows.sort((a, b) => String(a.detailCode).localeCompare(String(b.detailCode)));
  } else {
    for (const [id, a] of entries) {
      const account = chart.byId.get(id);
      rows.push({
        accountId: id,
        accountCode: account?.code ?? '',
        accountName: account?.name ?? '',
        level: account?.level ?? null,
        ...out(a),
      });
    }
    rows.sort((a, b) => String(a.accountCode).localeCompare(String(b.accountCode)));
  }
  return { rows };
}

function out(a: Acc): SourceRow {
  const f = figures(a);
  return Object.fromEntries(FIGURES.map((k) => [k, money(f[k])]));
}

export const ledgerBalances: ReportSource = {
  name: 'ledger.balances',
  params: { range: 'dateRange', level: 'enum', account: 'lookup', detail: 'lookup', branch: 'lookup' },
  requiredParams: ['range'],
  fields: (options) => [...(options.groupBy === 'detail' ? DETAIL_FIELDS : ACCOUNT_FIELDS), ...FIGURES],
  optionProblems(options) {
    const out = optionProblems(options, [
      'groupBy',
      'statement',
      'kinds',
      ...KIND_OPTIONS,
      'level',
      'keepZero',
    ]);
    if (options.groupBy !== undefined && options.groupBy !== 'account' && options.groupBy !== 'detail')
      out.push(`/options/groupBy: must be "account" or "detail"`);
    if (options.statement !== undefined && !(STATEMENTS as readonly unknown[]).includes(options.statement))
      out.push(`/options/statement: must be one of ${STATEMENTS.join(', ')}`);
    out.push(...listProblems(options, 'kinds', ACCOUNT_KINDS));
    out.push(...kindOptionProblems(options));
    if (options.level !== undefined && ![1, 2, 3].includes(Number(options.level)))
      out.push(`/options/level: must be 1, 2 or 3`);
    if (options.keepZero !== undefined && typeof options.keepZero !== 'boolean')
      out.push(`/options/keepZero: must be a boolean`);
    return out;
  },
  reads(name) {
    if ((FIGURES as readonly string[]).includes(name)) return READS.money;
    if (name === 'account' || name.startsWith('account')) return READS.account;
    if (name === 'detail' || name.startsWith('detail')) return READS.detail;
    return [];
  },
  run,
};
