/**
 * `ledger.aging`: party balances with their age. Per (level-1) detail account on the accounts of
 * the chosen side (receivable: debits open items, credits settle the oldest first; payable: the
 * other way round), read from the daily totals up to the `asOf` date and settled first in, first
 * out (fifo.ts); the open amount by days since the item's date: 0–30, 31–60, 61–90, over 90
 * (options.buckets [30, 60, 90]). A party that paid in advance shows a negative balance and no
 * ages; parties with nothing open are left out.
 *
 * Parameters: asOf (required), side (enum of the options' sides), account (narrows the side's
 * accounts to a subtree), detail, branch.
 * Options: sides { name: { setting?: settings key whose value is account codes (comma-separated),
 * codes?: [account code], open: "debit" | "credit" } }, buckets, excludeVoucherKinds (vouchers of
 * these kinds left out: the year-end closing and opening pair, so items keep their own dates).
 */
import { sql } from 'kysely';
import type { Lang } from '../../../runtime/shared/definition';
import { LEDGER_DAILY, LEDGER_ENTRIES } from '../../accounting/ledgerTables';
import type { AppContext } from '../../context';
import type { Untyped } from '../../db/untyped';
import { SETTINGS_ENTITY } from '../../entities/gates';
import { HttpError } from '../../http/errors';
import { fieldMessage } from '../../i18n';
import { big, money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { type Chart, loadChart } from './chart';
import { kindOptions, ledgerFilter, listProblems, optionProblems } from './common';
import { detailNames } from './details';
import { type DayMove, ageBuckets, fifo } from './fifo';
import { READS } from './names';
import { allOf, filterConditions, type LedgerFilter, vouchersOfKinds } from './query';

export const DEFAULT_BUCKETS = [30, 60, 90] as const;

interface SideSpec {
  setting?: string;
  codes?: string[];
  open: 'debit' | 'credit';
}

function sidesOf(options: Record<string, unknown> | undefined): Record<string, SideSpec> {
  const v = options?.sides;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, SideSpec>) : {};
}

function bucketsOf(options: Record<string, unknown> | undefined): readonly number[] {
  const v = options?.buckets;
  return Array.isArray(v) ? (v as number[]) : DEFAULT_BUCKETS;
}

/** Field names of the age buckets: days0to30, days31to60, days61to90, daysOver90. */
export function bucketFields(limits: readonly number[]): string[] {
  return [
    ...limits.map((l, i) => `days${i === 0 ? 0 : limits[i - 1]! + 1}to${l}`),
    `daysOver${limits[limits.length - 1] ?? 0}`,
  ];
}

/** Account codes of a side: its own list, or the value of its setting (comma-separated codes). */
async function sideCodes(ctx: AppContext, spec: SideSpec, lang: Lang): Promise<string[]> {
  if (spec.codes) return spec.codes;
  const settings = ctx.registry.byEntityKey(SETTINGS_ENTITY);
  const row = settings
    ? ((await (ctx.db as unknown as Untyped)
        .selectFrom(settings.table)
        .select('value')
        .where('key', '=', spec.setting ?? '')
        .executeTakeFirst()) as { value: unknown } | undefined)
    : undefined;
  const codes = String(row?.value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (!codes.length)
    throw new HttpError(417, 'YouHaveNotEnteredValuesCorrectly', [
      fieldMessage(lang, 'side', 'errors.ReportSettingMissing', { setting: spec.setting ?? '' }),
    ]);
  return codes;
}

/** The side's accounts and every account under them. */
function sideAccounts(chart: Chart, codes: string[]): number[] {
  return [...new Set(chart.idsOfCodes(codes).flatMap((id) => chart.subtree(id)))];
}

/**
 * Debit and credit per party and day of the vouchers of `excludeVoucherKinds` (the year-end pair:
 * a closing voucher settles every party's items and the opening voucher re-opens them as one item
 * of the new year's first day, which would reset their ages), taken away from the daily totals.
 */
async function excludedDays(
  call: SourceCall,
  filter: LedgerFilter,
  asOf: string,
): Promise<Map<string, { debit: bigint; credit: bigint }>> {
  const kinds = kindOptions(call).exclude;
  const out = new Map<string, { debit: bigint; credit: bigint }>();
  if (!kinds.length) return out;
  const db = call.ctx.db as unknown as Untyped;
  const rows = (await db
    .selectFrom(`${LEDGER_ENTRIES} as e`)
    .select([
      'e.detail1_id',
      'e.date',
      sql<string>`cast(sum(${sql.ref('e.debit')}) as text)`.as('debit'),
      sql<string>`cast(sum(${sql.ref('e.credit')}) as text)`.as('credit'),
    ])
    .where(allOf(filterConditions('e', filter, asOf)))
    .where('e.detail1_id', 'is not', null)
    .where('e.voucher_id', 'in', vouchersOfKinds(db, { table: call.entity.table, kindColumn: 'kind', kinds }))
    .groupBy(['e.detail1_id', 'e.date'])
    .execute()) as Record<string, unknown>[];
  for (const r of rows)
    out.set(`${Number(r.detail1_id)}|${String(r.date).slice(0, 10)}`, {
      debit: big(r.debit),
      credit: big(r.credit),
    });
  return out;
}

async function run(call: SourceCall) {
  const { ctx, lang } = call;
  const sides = sidesOf(call.def.options);
  const sideName = typeof call.params.side === 'string' ? call.params.side : Object.keys(sides)[0]!;
  const spec = sides[sideName]!;
  const chart = await loadChart(ctx);
  const filter = ledgerFilter(call, chart, sideAccounts(chart, await sideCodes(ctx, spec, lang)));
  const asOf = String(call.params.asOf);
  const db = ctx.db as unknown as Untyped;
  const raw = (await db
    .selectFrom(`${LEDGER_DAILY} as d`)
    .select([
      'd.detail1_id',
      'd.date',
      sql<string>`cast(sum(${sql.ref('d.debit')}) as text)`.as('debit'),
      sql<string>`cast(sum(${sql.ref('d.credit')}) as text)`.as('credit'),
    ])
    .where(allOf(filterConditions('d', filter, asOf)))
    .where('d.detail1_id', '<>', 0)
    .groupBy(['d.detail1_id', 'd.date'])
    .orderBy('d.detail1_id')
    .orderBy('d.date')
    .execute()) as Record<string, unknown>[];
  const excluded = await excludedDays(call, filter, asOf);
  const moves = new Map<number, DayMove[]>();
  for (const r of raw) {
    const id = Number(r.detail1_id);
    const day = String(r.date).slice(0, 10);
    const out = excluded.get(`${id}|${day}`);
    const debit = big(r.debit) - (out?.debit ?? 0n);
    const credit = big(r.credit) - (out?.credit ?? 0n);
    if (debit === 0n && credit === 0n) continue;
    const list = moves.get(id) ?? [];
    list.push({
      date: day,
      opened: spec.open === 'debit' ? debit : credit,
      settled: spec.open === 'debit' ? credit : debit,
    });
    moves.set(id, list);
  }
  const limits = bucketsOf(call.def.options);
  const fields = bucketFields(limits);
  const names = await detailNames(ctx, moves.keys());
  const rows: SourceRow[] = [];
  for (const [id, list] of moves) {
    const { open, advance } = fifo(list);
    const buckets = ageBuckets(open, asOf, limits);
    const balance = buckets.reduce((a, b) => a + b, 0n) - advance;
    if (balance === 0n) continue;
    const name = names.get(id);
    rows.push({
      detailId: id,
      detailCode: name?.code ?? '',
      detailName: name?.name ?? '',
      balance: money(balance),
      ...Object.fromEntries(fields.map((f, i) => [f, money(buckets[i]!)])),
    });
  }
  rows.sort((a, b) => String(a.detailCode).localeCompare(String(b.detailCode)));
  return { rows };
}

function sideProblems(name: string, spec: unknown): string[] {
  const at = `/options/sides/${name}`;
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return [`${at}: must be an object`];
  const s = spec as Record<string, unknown>;
  const out = optionProblems(s, ['setting', 'codes', 'open']).map((p) => p.replace('/options', at));
  if (s.open !== 'debit' && s.open !== 'credit') out.push(`${at}/open: must be "debit" or "credit"`);
  const codes = s.codes;
  const hasCodes = Array.isArray(codes) && codes.length > 0 && codes.every((c) => typeof c === 'string');
  if ((typeof s.setting === 'string' && s.setting !== '') === hasCodes)
    out.push(`${at}: give either setting (a settings key) or codes (account codes)`);
  return out;
}

export const ledgerAging: ReportSource = {
  name: 'ledger.aging',
  params: { asOf: 'date', side: 'enum', account: 'lookup', detail: 'lookup', branch: 'lookup' },
  requiredParams: ['asOf'],
  fields: (options) => [
    'detailId',
    'detailCode',
    'detailName',
    'balance',
    ...bucketFields(bucketsOf(options)),
  ],
  optionProblems(options) {
    const out = optionProblems(options, ['sides', 'buckets', 'excludeVoucherKinds']);
    out.push(...listProblems(options, 'excludeVoucherKinds'));
    const sides = options.sides;
    if (!sides || typeof sides !== 'object' || Array.isArray(sides) || !Object.keys(sides).length)
      out.push('/options/sides: must name at least one side');
    else for (const [name, spec] of Object.entries(sides)) out.push(...sideProblems(name, spec));
    const b = options.buckets;
    if (
      b !== undefined &&
      !(
        Array.isArray(b) &&
        b.length > 0 &&
        b.every((x, i) => Number.isInteger(x) && x >= 0 && (i === 0 || x > (b[i - 1] as number)))
      )
    )
      out.push('/options/buckets: must be increasing whole numbers of days');
    return out;
  },
  definitionProblems(def) {
    const sides = sidesOf(def.options);
    const param = def.params.find((p) => p.name === 'side');
    return (param?.options ?? [])
      .filter((o) => !Object.hasOwn(sides, o.value))
      .map((o) => `/params/side: '${o.value}' is not one of /options/sides`);
  },
  reads(name) {
    if (name === 'balance' || name.startsWith('days')) return READS.money;
    if (name === 'detail' || name.startsWith('detail')) return READS.detail;
    if (name === 'account') return READS.account;
    return [];
  },
  run,
};
