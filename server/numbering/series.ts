/**
 * The counters of numbering series (table numbering_series, ./migration.ts) and what a document's
 * series resolves to. A counter is taken with one atomic statement inside the write's transaction:
 * an insert of a new series or, when it exists, an increment, answering the value taken. On
 * PostgreSQL the row stays locked until the transaction ends, so concurrent writers of one series
 * queue on it and a rolled-back write gives its number back (gap-free); SQLite has one writer.
 */
import { sql } from 'kysely';
import { jalaliYear, todayIso } from '../../runtime/shared/jalali';
import {
  BRANCH_FIELD,
  branchLookup,
  counterOf,
  isNumberCode,
  parsePattern,
  seriesOf,
  type PatternPart,
} from '../../runtime/shared/numbering';
import type { Entity, Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { HttpError, LocalisedInvalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import { PERIODS_TABLE } from '../entities/period';
import { toApiRow, type Row } from '../entities/rows';
import { SERIES_TABLE } from './migration';

/** The pattern's parts (definitions are checked on load and publish, so a bad one is a bug). */
export function patternParts(entity: Entity): PatternPart[] {
  const parts = parsePattern(entity.def.numbering?.pattern ?? '');
  if (typeof parts === 'string') throw new Error(`${entity.key}: numbering pattern refused: ${parts}`);
  return parts;
}

/**
 * The Jalali year of the fiscal period holding `date` (the year its start falls in), else the
 * Jalali year of the date itself; today when the document has no date.
 */
export async function fiscalYearOf(db: Untyped, date: unknown): Promise<number> {
  const iso = typeof date === 'string' && jalaliYear(date) !== null ? date : todayIso();
  const period = (await db
    .selectFrom(PERIODS_TABLE)
    .select('startDate')
    .where('startDate', '<=', iso)
    .where('endDate', '>=', iso)
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst()) as { startDate?: unknown } | undefined;
  const start = typeof period?.startDate === 'string' ? jalaliYear(period.startDate) : null;
  return start ?? (jalaliYear(iso) as number);
}

/** What resolving series looks up, kept while many rows are resolved: years by date, branch codes by id. */
export interface SeriesLookups {
  years: Map<unknown, number>;
  branchCodes: Map<number, unknown>;
}

export const newLookups = (): SeriesLookups => ({ years: new Map(), branchCodes: new Map() });

/** 417 on the branch field: the document's branch has no code a number can hold. */
const noBranchCode = (): HttpError =>
  new LocalisedInvalid((lang) => [fieldMessage(lang, BRANCH_FIELD, 'errors.NumberingBranchCode')]);

/**
 * The code the `{branch}` token writes for the branch `id`: the `codeField` of the row the entity's
 * `branch` lookup names (systemConfig.branch's `code`); 417 on the field when it has none usable.
 */
async function branchCode(
  db: Untyped,
  registry: Registry,
  entity: Entity,
  id: number,
  lookups: SeriesLookups,
): Promise<string> {
  const lookup = branchLookup(entity.def);
  const target = lookup ? registry.byEntityKey(lookup.entity) : undefined;
  if (!lookup || !target) throw noBranchCode();
  if (!lookups.branchCodes.has(id)) {
    const row = (await db
      .selectFrom(target.table)
      .select(lookup.codeField)
      .where('id', '=', id)
      .executeTakeFirst()) as Row | undefined;
    lookups.branchCodes.set(id, row?.[lookup.codeField]);
  }
  const code = lookups.branchCodes.get(id);
  if (!isNumberCode(code)) throw noBranchCode();
  return code;
}

/**
 * The series `values` (a document about to be stored) belongs to, e.g. `INV-1405-{counter:6}` or,
 * with `{branch}`, `BHQ-1405-{counter:4}` (the branch's code). A document without a branch leaves
 * the token empty.
 */
export async function seriesFor(
  db: Untyped,
  registry: Registry,
  entity: Entity,
  values: Row,
  lookups: SeriesLookups = newLookups(),
): Promise<string> {
  const parts = patternParts(entity);
  const dateField = entity.def.period?.field;
  const date = dateField ? values[dateField] : undefined;
  let year: number | undefined;
  if (parts.some((p) => p.kind === 'year')) {
    year = lookups.years.get(date) ?? (await fiscalYearOf(db, date));
    lookups.years.set(date, year);
  }
  let branch: string | null = null;
  const id = Number(values[BRANCH_FIELD]);
  if (parts.some((p) => p.kind === 'branch') && Number.isInteger(id) && id > 0)
    branch = await branchCode(db, registry, entity, id, lookups);
  return seriesOf(parts, { year, branch });
}

/** Takes the next counter of `series` (1 for a new series) in the caller's transaction. */
export async function takeCounter(db: Untyped, entity: string, series: string): Promise<number> {
  const table = sql.table(SERIES_TABLE);
  const { rows } = await sql<{ value: number | string }>`insert into ${table} (entity, series, next_value)
    values (${entity}, ${series}, 2)
    on conflict (entity, series) do update set next_value = ${table}.next_value + 1
    returning next_value - 1 as value`.execute(db);
  return Number(rows[0]?.value);
}

/**
 * Starts each series of `entity` past the numbers its rows hold already (the demo's, rows imported
 * before the series was declared): per series, past the highest counter a stored number of that
 * series holds, and past the count of its rows whose numbers follow another format (they stand for
 * the first numbers of the year). A series never moves back.
 */
export async function startSeriesPastRows(db: Untyped, registry: Registry, entity: Entity): Promise<void> {
  const spec = entity.def.numbering;
  if (!spec) return;
  const stored = (await db
    .selectFrom(entity.table)
    .selectAll()
    .where(spec.field, 'is not', null)
    .execute()) as Row[];
  const rows = stored.map((row) => toApiRow(entity, row));
  const past = new Map<string, { max: number; other: number }>();
  const lookups = newLookups();
  for (const row of rows) {
    // a row whose branch has no code belongs to no series: it holds no counter back
    const series = await seriesFor(db, registry, entity, row, lookups).catch((e: unknown) => {
      if (e instanceof HttpError) return null;
      throw e;
    });
    if (series === null) continue;
    const at = past.get(series) ?? { max: 0, other: 0 };
    const counter = counterOf(series, String(row[spec.field]));
    if (counter === null) at.other++;
    else at.max = Math.max(at.max, counter);
    past.set(series, at);
  }
  for (const [series, { max, other }] of past) {
    const next = Math.max(max, other) + 1;
    const table = sql.table(SERIES_TABLE);
    await sql`insert into ${table} (entity, series, next_value) values (${entity.key}, ${series}, ${next})
      on conflict (entity, series) do update set next_value = case
        when ${table}.next_value < ${next} then ${next} else ${table}.next_value end`.execute(db);
  }
}
