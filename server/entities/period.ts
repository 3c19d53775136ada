/**
 * The fiscal period of a call: the `selectedYear` header names an accounting/fiscalPeriod id, and
 * every read that follows a period takes it from there (GetList and Export of dated documents,
 * Report/Run, the dashboard). Definitions with `period: { field }` list and export only the rows
 * whose date lies in that period. Without the header ("all periods" in the client) nothing is
 * narrowed; a header naming a period that does not exist is a 400 naming `selectedYear` (a stale
 * choice must not silently show every period's rows).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { IDENTIFIER, type Lang } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { HttpError } from '../http/errors';
import { fieldMessage } from '../i18n';

export const PERIODS_TABLE = 'e_accounting_fiscalperiod';

/** A fiscal period's id, title and days (ISO `yyyy-mm-dd`, inclusive). */
export interface SelectedPeriod {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/** The date field of a period-scoped entity, or null when its rows are not scoped. */
export function periodField(entity: Entity): string | null {
  const field = entity.def.period?.field;
  if (!field || !IDENTIFIER.test(field)) return null;
  const dated = Object.hasOwn(entity.def.schema.properties, field) && kindOf(entity.def, field) === 'date';
  return dated ? field : null;
}

const isoDay = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10);

/** The period the header names (null: no header); 400 naming `selectedYear` when it does not exist. */
export async function selectedPeriod(
  ctx: AppContext,
  selectedYear: number | null,
  lang: Lang,
): Promise<SelectedPeriod | null> {
  if (selectedYear === null) return null;
  const row = (await (ctx.db as unknown as Untyped)
    .selectFrom(PERIODS_TABLE)
    .select(['id', 'title', 'startDate', 'endDate'])
    .where('id', '=', selectedYear)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row)
    throw new HttpError(400, 'BadRequest', [
      fieldMessage(lang, 'selectedYear', 'errors.UnknownFiscalPeriod', { id: String(selectedYear) }),
    ]);
  return {
    id: Number(row.id),
    title: String(row.title ?? ''),
    startDate: isoDay(row.startDate),
    endDate: isoDay(row.endDate),
  };
}

/**
 * The period an entity's list follows: none for an entity whose rows are not dated (the header is
 * not even looked up), else the period given or the one the header's id names.
 */
export async function entityPeriod(
  ctx: AppContext,
  entity: Entity,
  selectedYear: number | SelectedPeriod | null,
  lang: Lang,
): Promise<SelectedPeriod | null> {
  if (!periodField(entity) || selectedYear === null) return null;
  return typeof selectedYear === 'number' ? selectedPeriod(ctx, selectedYear, lang) : selectedYear;
}

/** The condition for the entity and period, or null when the entity is not period-scoped. */
export function periodCondition(entity: Entity, period: SelectedPeriod | null): RawBuilder<SqlBool> | null {
  const field = periodField(entity);
  if (!field || !period) return null;
  const date = sql.ref(`${entity.table}.${field}`);
  return sql<SqlBool>`(${date} >= ${period.startDate} and ${date} <= ${period.endDate})`;
}
