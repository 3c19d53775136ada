/**
 * Closing and reopening a fiscal year (accounting.fiscalPeriod's row actions `close` and `reopen`,
 * docs/accounting.md «Year-end»), each in ONE transaction through the write pipeline:
 *
 * Close: refused (417, Persian reason) when the year is closed already, when the year before it
 * (the period ending the day before) is still open (years close in order), when drafts dated in the
 * year remain in any document with a lifecycle and a period (how many, of which kinds), when no
 * fiscal period starts the day after the year, or when the earnings settings name no account.
 * Otherwise the year-end vouchers (yearEndBuilder.ts: the temporary accounts closed into current
 * then retained earnings, the closing «اختتامیه» of the balance sheet, the next year's opening
 * «افتتاحیه»), made from the ledger's balances at the year's last day per branch, account and
 * detail accounts, are created and finalised (kinds `closing` and `opening`, source = the period,
 * so users cannot change them), then the period is marked closed (the flag closed-period checks
 * read).
 *
 * Reopen: refused unless the year was closed by Close and while the next year holds final vouchers
 * other than this year's opening ones; otherwise the period is opened again and its year-end
 * vouchers cancelled (taken out of the ledger), in that order (a voucher of a closed period cannot
 * be cancelled).
 */
import { sql } from 'kysely';
import { localText, type Lang } from '../../runtime/shared/definition';
import { VOUCHER_ENTITY } from '../../runtime/shared/detailAccount';
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { datedField } from '../entities/closedPeriods';
import { toApiRow, type Row } from '../entities/rows';
import { runWritesTogether, type WriteScope } from '../entities/write/pipeline';
import { conflict, HttpError, notFound } from '../http/errors';
import { t } from '../i18n';
import { loadChartFrom } from '../reportDefs/ledger/chart';
import { big } from '../reportDefs/money';
import { accountsByCode, settingValues } from './chart';
import { LEDGER_DAILY } from './ledgerTables';
import { postVoucher, voucherValues, type VoucherKind } from './postingEffect';
import { buildYearEnd, type LedgerBalance, type YearEndTexts } from './yearEndBuilder';
import { isoToJalali } from '../../runtime/shared/jalali';

export const PERIOD_ENTITY = 'accounting.fiscalPeriod';
export const EARNINGS_SETTINGS = {
  current: 'accounting.account.currentEarnings',
  retained: 'accounting.account.retainedEarnings',
} as const;

/** The kinds of the vouchers a year-end writes. */
const YEAR_END_KINDS: VoucherKind[] = ['closing', 'opening'];

function refusal(text: (lang: Lang) => string): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [text(lang)],
  }));
}

const bool = (v: unknown) => v === true || v === 1 || v === '1';

/** The day after an ISO date. */
export function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface Period {
  id: number;
  version: number;
  title: string;
  startDate: string;
  endDate: string;
  closed: boolean;
  row: Row;
}

function entityOf(scope: WriteScope, key: string): Entity {
  const entity = scope.ctx.registry.byEntityKey(key);
  if (!entity) throw new Error(`${key} is not defined`);
  return entity;
}

function asPeriod(entity: Entity, stored: Row): Period {
  const row = toApiRow(entity, stored);
  return {
    id: Number(row.id),
    version: Number(row.version),
    title: String(row.title ?? ''),
    startDate: String(row.startDate).slice(0, 10),
    endDate: String(row.endDate).slice(0, 10),
    closed: bool(row.closed),
    row,
  };
}

async function readPeriod(scope: WriteScope, id: number, version: number): Promise<Period> {
  const entity = entityOf(scope, PERIOD_ENTITY);
  const stored = (await scope.db
    .selectFrom(entity.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!stored) throw notFound();
  const period = asPeriod(entity, stored);
  if (period.version !== version) throw conflict();
  return period;
}

/** The fiscal period starting the day after `period` (the longest, when several do). */
async function nextPeriod(scope: WriteScope, period: Period): Promise<Period | null> {
  const entity = entityOf(scope, PERIOD_ENTITY);
  const rows = (await scope.db
    .selectFrom(entity.table)
    .selectAll()
    .where('startDate', '=', nextDay(period.endDate))
    .orderBy('endDate', 'desc')
    .execute()) as Row[];
  return rows[0] ? asPeriod(entity, rows[0]) : null;
}

/** The day before an ISO date. */
function previousDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The fiscal period ending the day before `period` (the longest, when several do). */
async function previousPeriod(scope: WriteScope, period: Period): Promise<Period | null> {
  const entity = entityOf(scope, PERIOD_ENTITY);
  const rows = (await scope.db
    .selectFrom(entity.table)
    .selectAll()
    .where('endDate', '=', previousDay(period.startDate))
    .orderBy('startDate')
    .execute()) as Row[];
  return rows[0] ? asPeriod(entity, rows[0]) : null;
}

/** Drafts dated within the period, per document kind with a lifecycle and a date (kinds with none left out). */
async function draftsIn(scope: WriteScope, period: Period): Promise<{ entity: Entity; count: number }[]> {
  const out: { entity: Entity; count: number }[] = [];
  for (const entity of scope.ctx.registry.all()) {
    const field = datedField(entity);
    if (!entity.def.lifecycle || !field) continue;
    const row = (await scope.db
      .selectFrom(entity.table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(DOC_STATE_FIELD, '=', 'draft')
      .where(field, '>=', period.startDate)
      .where(field, '<=', period.endDate)
      .executeTakeFirst()) as { n: unknown } | undefined;
    const count = Number(row?.n ?? 0);
    if (count > 0) out.push({ entity, count });
  }
  return out;
}

/** The ledger's balances at `day` per branch, account and detail accounts (zero ones left out). */
async function balancesAt(db: Untyped, day: string): Promise<LedgerBalance[]> {
  const rows = (await db
    .selectFrom(LEDGER_DAILY)
    .select([
      'branch_id',
      'account_id',
      'detail1_id',
      'detail2_id',
      sql<string>`cast(sum(${sql.ref('debit')}) as text)`.as('d'),
      sql<string>`cast(sum(${sql.ref('credit')}) as text)`.as('c'),
    ])
    .where('date', '<=', day)
    .groupBy(['branch_id', 'account_id', 'detail1_id', 'detail2_id'])
    .execute()) as Record<string, unknown>[];
  const id = (v: unknown) => (Number(v ?? 0) > 0 ? Number(v) : null);
  return rows
    .map((r) => ({
      branch: id(r.branch_id),
      account: Number(r.account_id),
      detail1: id(r.detail1_id),
      detail2: id(r.detail2_id),
      net: big(r.d) - big(r.c),
    }))
    .filter((b) => b.net !== 0n);
}

/** The account ids the earnings settings name (417 naming the setting when one does not). */
async function earningsAccounts(scope: WriteScope): Promise<{ current: number; retained: number }> {
  const values = await settingValues(scope.db, Object.values(EARNINGS_SETTINGS));
  const codes = Object.values(EARNINGS_SETTINGS).map((k) => values.get(k) ?? '');
  const accounts = await accountsByCode(scope.db, codes);
  const idOf = (key: string) => {
    const account = accounts.get(values.get(key) ?? '');
    if (!account) throw refusal((lang) => t(lang, 'yearEnd.settingMissing', { setting: key }));
    return account.id;
  };
  return { current: idOf(EARNINGS_SETTINGS.current), retained: idOf(EARNINGS_SETTINGS.retained) };
}

/** The final vouchers a year-end of `period` wrote (its closing and opening vouchers). */
async function yearEndVouchers(scope: WriteScope, period: Period): Promise<Row[]> {
  const voucher = entityOf(scope, VOUCHER_ENTITY);
  const rows = (await scope.db
    .selectFrom(voucher.table)
    .selectAll()
    .where('sourceEntity', '=', PERIOD_ENTITY)
    .where('sourceId', '=', period.id)
    .where('kind', 'in', YEAR_END_KINDS)
    .where(DOC_STATE_FIELD, '=', 'final')
    .orderBy('id')
    .execute()) as Row[];
  return rows.map((r) => toApiRow(voucher, r));
}

/** Stored texts of the vouchers (the period titles as written). */
function texts(period: Period, next: Period): YearEndTexts {
  const fa = (key: string) => t('fa', `yearEnd.${key}`, { year: period.title, next: next.title });
  return {
    temporary: fa('temporaryVoucher'),
    permanent: fa('closingVoucher'),
    opening: fa('openingVoucher'),
    closeLine: fa('closeLine'),
    resultLine: fa('resultLine'),
    transferLine: fa('transferLine'),
    permanentLine: fa('closingLine'),
    openingLine: fa('openingLine'),
  };
}

/** The period row as written by the server: its values with `closed` changed. */
async function markClosed(scope: WriteScope, user: CurrentUser, lang: Lang, period: Period, closed: boolean) {
  const entity = entityOf(scope, PERIOD_ENTITY);
  const values: Row = {};
  for (const name of Object.keys(entity.def.schema.properties))
    if (period.row[name] !== undefined) values[name] = period.row[name];
  values.closed = closed;
  const row = await scope.writeIn({
    source: 'server',
    entity,
    user,
    lang,
    action: 'update',
    id: period.id,
    version: period.version,
    values,
  });
  if (!row) throw new Error('fiscal period not written');
  return row;
}

/** Closes the fiscal year `id` (Accounting/FiscalPeriod/Close); answers the period as stored. */
export async function closeYear(
  ctx: WriteScope['ctx'],
  user: CurrentUser,
  lang: Lang,
  id: number,
  version: number,
): Promise<Row> {
  return runWritesTogether(ctx, async (scope) => {
    const period = await readPeriod(scope, id, version);
    const title = period.title;
    if (period.closed || (await yearEndVouchers(scope, period)).length)
      throw refusal((l) => t(l, 'yearEnd.alreadyClosed', { year: title }));
    const previous = await previousPeriod(scope, period);
    if (previous && !previous.closed)
      throw refusal((l) => t(l, 'yearEnd.previousOpen', { year: title, previous: previous.title }));
    const drafts = await draftsIn(scope, period);
    if (drafts.length)
      throw refusal((l) =>
        t(l, 'yearEnd.drafts', {
          year: title,
          count: drafts.reduce((a, d) => a + d.count, 0),
          kinds: drafts
            .map((d) => t(l, 'yearEnd.draftKind', { kind: localText(d.entity.def.title, l), count: d.count }))
            .join(t(l, 'yearEnd.listSeparator')),
        }),
      );
    const next = await nextPeriod(scope, period);
    if (!next)
      throw refusal((l) =>
        t(l, 'yearEnd.noNextPeriod', { year: title, start: isoToJalali(nextDay(period.endDate)) ?? '' }),
      );
    const earnings = await earningsAccounts(scope);
    const chart = await loadChartFrom(scope.db, ctx.registry);
    const vouchers = buildYearEnd(
      await balancesAt(scope.db, period.endDate),
      {
        isProfitLoss: (account) => chart.byId.get(account)?.statement === 'profitLoss',
        code: (account) => chart.byId.get(account)?.code ?? '',
        currentEarnings: earnings.current,
        retainedEarnings: earnings.retained,
      },
      { end: period.endDate, nextStart: next.startDate },
      texts(period, next),
    );
    const writer = { ctx, user, lang, writeIn: scope.writeIn };
    for (const v of vouchers) {
      const { values, lines } = voucherValues(v.built, v.kind, { entity: PERIOD_ENTITY, id: period.id });
      await postVoucher(writer, values, lines);
    }
    return markClosed(scope, user, lang, period, true);
  });
}

/** Reopens the fiscal year `id` closed by closeYear (Accounting/FiscalPeriod/Reopen); answers the period. */
export async function reopenYear(
  ctx: WriteScope['ctx'],
  user: CurrentUser,
  lang: Lang,
  id: number,
  version: number,
): Promise<Row> {
  return runWritesTogether(ctx, async (scope) => {
    const period = await readPeriod(scope, id, version);
    const title = period.title;
    const own = await yearEndVouchers(scope, period);
    if (!period.closed || !own.length) throw refusal((l) => t(l, 'yearEnd.notClosed', { year: title }));
    const next = await nextPeriod(scope, period);
    if (next) {
      const voucher = entityOf(scope, VOUCHER_ENTITY);
      const ownIds = own.map((v) => Number(v.id));
      const row = (await scope.db
        .selectFrom(voucher.table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(DOC_STATE_FIELD, '=', 'final')
        .where('date', '>=', next.startDate)
        .where('date', '<=', next.endDate)
        .where('id', 'not in', ownIds)
        .executeTakeFirst()) as { n: unknown } | undefined;
      const count = Number(row?.n ?? 0);
      if (count > 0)
        throw refusal((l) => t(l, 'yearEnd.nextYearHasVouchers', { year: title, next: next.title, count }));
    }
    const opened = await markClosed(scope, user, lang, period, false);
    const voucher = entityOf(scope, VOUCHER_ENTITY);
    const reason = t('fa', 'yearEnd.reopenReason', { year: title });
    // the opening vouchers first, then the closing ones (newest first)
    for (const v of [...own].sort((a, b) => Number(b.id) - Number(a.id)))
      await scope.writeIn({
        source: 'server',
        entity: voucher,
        user,
        lang,
        action: 'update',
        id: Number(v.id),
        version: Number(v.version),
        values: null,
        transition: 'cancel',
        reason,
        byEffect: true,
      });
    return opened;
  });
}
