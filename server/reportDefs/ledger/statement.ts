/**
 * `ledger.statement`: profit and loss, or balance sheet, in sections by account kind with
 * subtotals and results, accounts at a level (default 2, general) under each section.
 *
 * - profitLoss: the turnover of profit-and-loss accounts within `range` (option
 *   `excludeVoucherKinds: ["closing"]` keeps the year-end closing voucher from zeroing them).
 * - balanceSheet: balances of balance-sheet accounts at `asOf` (all entries up to that day; with
 *   `closingVoucherKinds: ["closing"]` before that day's year-end closing); the section with
 *   `currentProfit` also shows the profit not yet closed into equity (every profit-and-loss
 *   account's balance at that day), so assets = liabilities + equity.
 *
 * A section's amount is signed by its `sign`: "debit" (assets, expenses) = debit − credit,
 * "credit" (liabilities, equity, income) = credit − debit. `results` add and subtract sections
 * (net profit = income − expenses; liabilities + equity).
 *
 * Rows: { rowKind: "section", label }, { accountId, accountCode, label, level, amount },
 * { label, amount } (current profit), { rowKind: "subtotal", label, amount },
 * { rowKind: "total", label, amount }.
 * Parameters: range (profitLoss) or asOf (balanceSheet), level, branch.
 */
import { type LocalText, localText } from '../../../runtime/shared/definition';
import { ROW_KIND_FIELD, type ReportDefinition } from '../../../runtime/shared/reportDefinition';
import { money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { loadChart } from './chart';
import {
  balanceSums,
  idParam,
  KIND_OPTIONS,
  kindOptionProblems,
  levelParam,
  listProblems,
  optionProblems,
  rangeParam,
} from './common';
import { ACCOUNT_KINDS, READS, STATEMENTS, type AccountKind, type Statement } from './names';

interface Section {
  key: string;
  label: LocalText;
  kinds: AccountKind[];
  sign: 'debit' | 'credit';
  totalLabel: LocalText;
  /** Label of the row of the profit not yet closed (balance sheet: in equity). */
  currentProfit?: LocalText;
}

interface Result {
  label: LocalText;
  plus: string[];
  minus?: string[];
}

interface Options {
  statement: Statement;
  sections: Section[];
  results?: Result[];
  keepZero?: boolean;
}

const opts = (def: ReportDefinition) => (def.options ?? {}) as unknown as Options;

async function run(call: SourceCall) {
  const { lang } = call;
  const o = opts(call.def);
  const chart = await loadChart(call.ctx);
  const pl = o.statement === 'profitLoss';
  const days = pl
    ? { from: rangeParam(call).from, to: rangeParam(call).to }
    : { from: null, to: String(call.params.asOf) };
  // a profit and loss reads its own accounts only; a balance sheet every account (current profit)
  const accounts = pl
    ? [...chart.byId.values()].filter((a) => a.statement === 'profitLoss').map((a) => a.id)
    : null;
  const filter = { accounts, detail: null, branch: idParam(call, 'branch') };
  const sums = await balanceSums(call, filter, days, { account: true, detail: false });
  const level = levelParam(call, 2);
  // debit − credit per account at the level: within the range for a profit and loss, everything
  // up to asOf for a balance sheet (no `from`: all of it is "turnover")
  const net = new Map<number, bigint>();
  let profit = 0n;
  for (const s of sums) {
    const account = chart.byId.get(s.accountId);
    const amount = s.td - s.tc;
    if (!account) continue;
    if (account.statement === 'profitLoss') profit -= amount;
    if (account.statement !== o.statement) continue;
    const target = chart.at(s.accountId, level)!;
    net.set(target.id, (net.get(target.id) ?? 0n) + amount);
  }
  const rows: SourceRow[] = [];
  const subtotals = new Map<string, bigint>();
  for (const section of o.sections) {
    const signed = (debitMinusCredit: bigint) =>
      section.sign === 'debit' ? debitMinusCredit : -debitMinusCredit;
    const accounts = [...net]
      .map(([id, amount]) => ({ account: chart.byId.get(id)!, amount: signed(amount) }))
      .filter((a) => a.account.kind !== null && section.kinds.includes(a.account.kind))
      .filter((a) => o.keepZero || a.amount !== 0n)
      .sort((a, b) => a.account.code.localeCompare(b.account.code));
    rows.push({ [ROW_KIND_FIELD]: 'section', label: localText(section.label, lang) });
    let subtotal = 0n;
    for (const { account, amount } of accounts) {
      subtotal += amount;
      rows.push({
        accountId: account.id,
        accountCode: account.code,
        label: account.name,
        level: account.level,
        amount: money(amount),
      });
    }
    if (section.currentProfit && !pl) {
      // the profit is a credit to equity: signed as the section's credit
      const amount = section.sign === 'credit' ? profit : -profit;
      subtotal += amount;
      rows.push({ label: localText(section.currentProfit, lang), amount: money(amount) });
    }
    subtotals.set(section.key, subtotal);
    rows.push({
      [ROW_KIND_FIELD]: 'subtotal',
      label: localText(section.totalLabel, lang),
      amount: money(subtotal),
    });
  }
  for (const r of o.results ?? []) {
    const sum = (keys: string[] | undefined) =>
      (keys ?? []).reduce((a, k) => a + (subtotals.get(k) ?? 0n), 0n);
    rows.push({
      [ROW_KIND_FIELD]: 'total',
      label: localText(r.label, lang),
      amount: money(sum(r.plus) - sum(r.minus)),
    });
  }
  return { rows };
}

const isText = (v: unknown) =>
  !!v && typeof v === 'object' && typeof (v as Record<string, unknown>).fa === 'string';

function sectionProblems(sections: unknown): string[] {
  if (!Array.isArray(sections) || !sections.length) return ['/options/sections: must list the sections'];
  const out: string[] = [];
  const keys = new Set<string>();
  sections.forEach((s: unknown, i) => {
    const at = `/options/sections/${i}`;
    if (!s || typeof s !== 'object') return out.push(`${at}: must be an object`);
    const o = s as Record<string, unknown>;
    out.push(
      ...optionProblems(o, ['key', 'label', 'kinds', 'sign', 'totalLabel', 'currentProfit']).map((p) =>
        p.replace('/options', at),
      ),
    );
    if (typeof o.key !== 'string' || !o.key) out.push(`${at}/key: required`);
    else if (keys.has(o.key)) out.push(`${at}/key: '${o.key}' used twice`);
    else keys.add(o.key);
    if (!isText(o.label)) out.push(`${at}/label: must be a text { fa, en }`);
    if (!isText(o.totalLabel)) out.push(`${at}/totalLabel: must be a text { fa, en }`);
    if (o.currentProfit !== undefined && !isText(o.currentProfit))
      out.push(`${at}/currentProfit: must be a text { fa, en }`);
    if (o.sign !== 'debit' && o.sign !== 'credit') out.push(`${at}/sign: must be "debit" or "credit"`);
    if (!Array.isArray(o.kinds) || !o.kinds.length) out.push(`${at}/kinds: must list account kinds`);
    else out.push(...listProblems(o, 'kinds', ACCOUNT_KINDS).map((p) => p.replace('/options', at)));
  });
  return out;
}

function resultProblems(results: unknown, sections: unknown): string[] {
  if (results === undefined) return [];
  if (!Array.isArray(results)) return ['/options/results: must be a list'];
  const keys = new Set(Array.isArray(sections) ? sections.map((s) => (s as { key?: unknown })?.key) : []);
  const out: string[] = [];
  results.forEach((r: unknown, i) => {
    const at = `/options/results/${i}`;
    const o = (r ?? {}) as Record<string, unknown>;
    if (!isText(o.label)) out.push(`${at}/label: must be a text { fa, en }`);
    for (const side of ['plus', 'minus'] as const) {
      const list = o[side];
      if (list === undefined && side === 'minus') continue;
      if (!Array.isArray(list)) out.push(`${at}/${side}: must list section keys`);
      else for (const k of list) if (!keys.has(k)) out.push(`${at}/${side}: unknown section '${String(k)}'`);
    }
  });
  return out;
}

export const ledgerStatement: ReportSource = {
  name: 'ledger.statement',
  params: { range: 'dateRange', asOf: 'date', level: 'enum', branch: 'lookup' },
  fields: () => ['accountId', 'accountCode', 'label', 'level', 'amount'],
  optionProblems(options) {
    const out = optionProblems(options, [
      'statement',
      'sections',
      'results',
      ...KIND_OPTIONS,
      'level',
      'keepZero',
    ]);
    if (!(STATEMENTS as readonly unknown[]).includes(options.statement))
      out.push(`/options/statement: must be one of ${STATEMENTS.join(', ')}`);
    out.push(...sectionProblems(options.sections), ...resultProblems(options.results, options.sections));
    out.push(...kindOptionProblems(options));
    return out;
  },
  definitionProblems(def) {
    const needed = opts(def).statement === 'profitLoss' ? 'range' : 'asOf';
    return def.params.some((p) => p.name === needed)
      ? []
      : [`/params: the statement needs the parameter '${needed}'`];
  },
  reads(name) {
    if (name === 'amount') return READS.money;
    if (name.startsWith('account') || name === 'label') return READS.account;
    return [];
  },
  run,
};
