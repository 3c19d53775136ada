/**
 * `ledger.lines`: the general ledger / account statement / detail-account statement. An opening
 * row (the balance before `range.from`, from the daily totals), then the entries of the range in
 * date order (date, voucher, line) with the running balance, the voucher's id and number for the
 * drill-down to the voucher form, and the source document (entity key, id, title). At most
 * `options.limit` entries (default 2000, at most 10000) are answered, with `truncated`; the
 * totals (turnover and closing balance) are over the whole range whatever the cap.
 *
 * `balance` is signed (debit positive), `side` names it (بدهکار / بستانکار). `sourceTitle` names
 * the source as its voucher does: the entity's title and the document's display field
 * («فاکتورهای فروش F-1405-005»), the number the voucher's own description already carries.
 * Parameters: range (required), account (any level: its subtree), detail, branch.
 * Options: limit; excludeVoucherKinds, closingVoucherKinds, openingVoucherKinds (common.ts: the
 * year-end vouchers, kept out of the listing as out of the totals).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { localText } from '../../../runtime/shared/definition';
import { ROW_KIND_FIELD } from '../../../runtime/shared/reportDefinition';
import { LEDGER_ENTRIES } from '../../accounting/ledgerTables';
import type { Untyped } from '../../db/untyped';
import { t } from '../../i18n';
import { amount, ExactSum, money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { loadChart } from './chart';
import {
  balanceSums,
  KIND_OPTIONS,
  kindOptionProblems,
  kindOptions,
  ledgerFilter,
  optionProblems,
  rangeParam,
} from './common';
import { DETAIL_ENTITY, READS } from './names';
import { allOf, filterConditions } from './query';

export const DEFAULT_LIMIT = 2000;
export const MAX_LIMIT = 10_000;

const FIELDS = [
  'entryId',
  'date',
  'voucherId',
  'voucherNumber',
  'accountId',
  'accountCode',
  'accountName',
  'detailId',
  'detailCode',
  'detailName',
  'description',
  'debit',
  'credit',
  'balance',
  'side',
  'sourceEntity',
  'sourceId',
  'sourceTitle',
] as const;

export function sideText(balance: bigint, lang: SourceCall['lang']): string {
  return sidesOf(lang)(balance);
}

/** sideText with the two words looked up once (a ledger page names a side on every line). */
function sidesOf(lang: SourceCall['lang']): (balance: bigint) => string {
  const bySign = sidesBySign(lang);
  return (balance) => bySign(balance === 0n ? 0 : balance > 0n ? 1 : -1);
}

/** The side of a balance by its sign (ExactSum.sign). */
function sidesBySign(lang: SourceCall['lang']): (sign: number) => string {
  const debit = t(lang, 'reportDefs.debitSide');
  const credit = t(lang, 'reportDefs.creditSide');
  return (sign) => (sign === 0 ? '' : sign > 0 ? debit : credit);
}

/**
 * The entries the year-end options keep out of the listing, as the totals do (common.ts): of
 * vouchers of `closingVoucherKinds` dated on the last day, and of `openingVoucherKinds` dated on
 * the first (their amounts are in the opening row).
 */
function yearEndConditions(call: SourceCall, range: { from: string; to: string }): RawBuilder<SqlBool>[] {
  const kinds = kindOptions(call);
  const kind = sql`coalesce(${sql.ref('v.kind')}, '')`;
  const among = (list: string[]) => sql`${kind} in (${sql.join(list.map((k) => sql`${k}`))})`;
  const onDay = (list: string[], day: string) =>
    sql<SqlBool>`not (${sql.ref('e.date')} = ${day} and ${among(list)})`;
  const out: RawBuilder<SqlBool>[] = [];
  if (kinds.exclude.length) out.push(sql<SqlBool>`not (${among(kinds.exclude)})`);
  if (kinds.closing.length) out.push(onDay(kinds.closing, range.to));
  if (kinds.opening.length) out.push(onDay(kinds.opening, range.from));
  return out;
}

function limitOf(call: SourceCall): number {
  const n = Number(call.def.options?.limit ?? DEFAULT_LIMIT);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Display texts of the source documents the entries name, by "entity key#id" (per entity, in chunks). */
async function sourceNumbers(
  ctx: SourceCall['ctx'],
  entries: readonly Record<string, unknown>[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byEntity = new Map<string, Set<number>>();
  for (const r of entries) {
    const key = textOrNull(r.source_entity);
    const id = idOrNull(r.source_id);
    if (!key || id === null) continue;
    const ids = byEntity.get(key) ?? new Set<number>();
    ids.add(id);
    byEntity.set(key, ids);
  }
  const db = ctx.db as unknown as Untyped;
  for (const [key, idSet] of byEntity) {
    const entity = ctx.registry.byEntityKey(key);
    const field = entity?.def.displayField;
    if (!entity || !field || !Object.hasOwn(entity.def.schema.properties, field)) continue;
    const ids = [...idSet];
    for (let at = 0; at < ids.length; at += 500) {
      const rows = (await db
        .selectFrom(entity.table)
        .select(['id', field])
        .where('id', 'in', ids.slice(at, at + 500))
        .execute()) as Record<string, unknown>[];
      for (const r of rows) {
        const shown = r[field];
        if (shown !== null && shown !== undefined && shown !== '')
          out.set(`${key}#${Number(r.id)}`, String(shown));
      }
    }
  }
  return out;
}

async function run(call: SourceCall) {
  const { ctx, entity, lang } = call;
  const chart = await loadChart(ctx);
  const range = rangeParam(call);
  const filter = ledgerFilter(call, chart);
  // opening (before from) and turnover (within the range) in one read of the daily totals
  const [sum] = await balanceSums(
    call,
    filter,
    { from: range.from, to: range.to },
    { account: false, detail: false },
  );
  const opening = (sum?.od ?? 0n) - (sum?.oc ?? 0n);
  const limit = limitOf(call);
  const props = entity.def.schema.properties;
  const numberField = Object.hasOwn(props, entity.def.displayField) ? entity.def.displayField : null;
  const described = Object.hasOwn(props, 'description');
  // the detail account's code and name in the same read (by its primary key), not a query per 500
  const details = ctx.registry.byEntityKey(DETAIL_ENTITY);
  const detailProps = details?.def.schema.properties ?? {};
  const detailColumn = (c: string) =>
    details && Object.hasOwn(detailProps, c) ? sql.ref(`da.${c}`) : sql`null`;
  let query = (ctx.db as unknown as Untyped)
    .selectFrom(`${LEDGER_ENTRIES} as e`)
    .leftJoin(`${entity.table} as v`, 'v.id', 'e.voucher_id');
  if (details) query = query.leftJoin(`${details.table} as da`, 'da.id', 'e.detail1_id');
  const raw = (await query
    .select([
      'e.id',
      'e.voucher_id',
      'e.date',
      'e.account_id',
      'e.detail1_id',
      'e.description',
      'e.source_entity',
      'e.source_id',
      sql<string>`cast(${sql.ref('e.debit')} as text)`.as('debit'),
      sql<string>`cast(${sql.ref('e.credit')} as text)`.as('credit'),
      (numberField ? sql.ref(`v.${numberField}`) : sql`null`).as('voucher_number'),
      (described ? sql.ref('v.description') : sql`null`).as('voucher_description'),
      detailColumn('code').as('detail_code'),
      detailColumn('name').as('detail_name'),
    ])
    .where(allOf([...filterConditions('e', filter, range.to, range.from), ...yearEndConditions(call, range)]))
    .orderBy('e.date')
    .orderBy('e.voucher_id')
    .orderBy('e.line_no')
    .orderBy('e.id')
    .limit(limit + 1)
    .execute()) as Record<string, unknown>[];
  const truncated = raw.length > limit;
  const entries = raw.slice(0, limit);
  const side = sidesOf(lang);
  const sideOf = sidesBySign(lang);
  const numbers = await sourceNumbers(ctx, entries);
  const rows: SourceRow[] = [
    {
      [ROW_KIND_FIELD]: 'opening',
      date: range.from,
      description: t(lang, 'reportDefs.opening'),
      balance: money(opening),
      side: side(opening),
    },
  ];
  // numbers while exact (ExactSum): a page adds thousands of amounts
  const balance = new ExactSum(opening);
  for (const r of entries) {
    const debit = amount(r.debit);
    const credit = amount(r.credit);
    balance.add(debit);
    balance.add(-credit);
    const accountId = Number(r.account_id);
    const account = chart.byId.get(accountId);
    const sourceEntity = textOrNull(r.source_entity);
    const sourceId = idOrNull(r.source_id);
    let sourceTitle: string | null = null;
    if (sourceEntity) {
      const source = ctx.registry.byEntityKey(sourceEntity);
      const sourceNumber = numbers.get(`${sourceEntity}#${sourceId}`);
      if (source)
        sourceTitle = `${localText(source.def.title, lang)}${sourceNumber ? ` ${sourceNumber}` : ''}`;
    }
    rows.push({
      entryId: Number(r.id),
      date: String(r.date).slice(0, 10),
      voucherId: Number(r.voucher_id),
      voucherNumber: textOrNull(r.voucher_number),
      accountId,
      accountCode: account?.code ?? '',
      accountName: account?.name ?? '',
      detailId: idOrNull(r.detail1_id),
      detailCode: textOrNull(r.detail_code),
      detailName: textOrNull(r.detail_name),
      description: textOrNull(r.description) || textOrNull(r.voucher_description),
      debit: typeof debit === 'number' ? debit : money(debit),
      credit: typeof credit === 'number' ? credit : money(credit),
      balance: balance.money(),
      side: sideOf(balance.sign()),
      sourceEntity,
      sourceId,
      sourceTitle,
    });
  }
  const closing = opening + (sum?.td ?? 0n) - (sum?.tc ?? 0n);
  const totals: SourceRow = {
    debit: money(sum?.td ?? 0n),
    credit: money(sum?.tc ?? 0n),
    balance: money(closing),
    side: side(closing),
  };
  return { rows, totals, truncated };
}

export const ledgerLines: ReportSource = {
  name: 'ledger.lines',
  params: { range: 'dateRange', account: 'lookup', detail: 'lookup', branch: 'lookup' },
  requiredParams: ['range'],
  fields: () => FIELDS,
  optionProblems(options) {
    const out = optionProblems(options, ['limit', ...KIND_OPTIONS]);
    out.push(...kindOptionProblems(options));
    const limit = options.limit;
    if (
      limit !== undefined &&
      !(Number.isInteger(limit) && (limit as number) > 0 && (limit as number) <= MAX_LIMIT)
    )
      out.push(`/options/limit: must be an integer from 1 to ${MAX_LIMIT}`);
    return out;
  },
  reads(name) {
    if (['debit', 'credit', 'balance', 'side'].includes(name)) return READS.money;
    if (name === 'account' || name.startsWith('account')) return READS.account;
    if (name === 'detail' || name.startsWith('detail')) return READS.detail;
    if (name === 'description') return [...READS.lineDescription, ...READS.voucherDescription];
    if (name === 'date') return READS.date;
    return [];
  },
  run,
};
