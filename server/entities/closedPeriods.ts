/**
 * Closed fiscal periods and module lock dates (docs/api.md "Closed periods and lock dates"): a
 * document of an entity whose definition names its date field (`period: { field }`) may not be
 * written, finalised or cancelled when that date lies in a closed fiscal period
 * (accounting.fiscalPeriod with closed = true) or on or before its module's lock date
 * (systemConfig.lockDate). Read inside the write's transaction, so a period closed or a lock date
 * moved a moment ago counts at once, on every server process.
 */
import type { Lang } from '../../runtime/shared/definition';
import { IDENTIFIER } from '../../runtime/shared/definition';
import { fieldText, kindOf } from '../../runtime/shared/fieldKind';
import type { Entity, Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { PERIODS_TABLE } from './period';

/** The definition of the lock dates (schemas/systemConfig/lockDate.json). */
export const LOCK_DATE_ENTITY = 'systemConfig.lockDate';

/** The entity's date field named by `period.field` when it is a date field of its schema, else null. */
export function datedField(entity: Entity): string | null {
  const field = entity.def.period?.field;
  if (!field || !IDENTIFIER.test(field) || !Object.hasOwn(entity.def.schema.properties, field)) return null;
  return kindOf(entity.def, field) === 'date' ? field : null;
}

function refusal(text: (lang: Lang) => string): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [text(lang)],
  }));
}

/** 417 naming the period when `date` (ISO) lies in a closed fiscal period. */
export async function refuseClosedPeriod(db: Untyped, date: string): Promise<void> {
  const periods = (await db
    .selectFrom(PERIODS_TABLE)
    .select(['title', 'closed'])
    .where('startDate', '<=', date)
    .where('endDate', '>=', date)
    .execute()) as { title: string; closed: unknown }[];
  const closed = periods.find((p) => p.closed === true || p.closed === 1);
  if (closed) throw refusal((lang) => t(lang, 'errors.FiscalPeriodClosed', { title: closed.title }));
}

/**
 * 417 naming the module and its lock date (Jalali, in the language's digits) when `date` (ISO) is
 * on or before the lock date of the entity's module. No lock-date definition loaded: no lock.
 */
export async function refuseLockDate(
  registry: Registry,
  db: Untyped,
  entity: Entity,
  date: string,
): Promise<void> {
  const locks = registry.byEntityKey(LOCK_DATE_ENTITY);
  if (!locks) return;
  const module = entity.def.module;
  const lock = (await db
    .selectFrom(locks.table)
    .select('lockDate')
    .where('module', '=', module)
    .where('lockDate', '>=', date)
    .orderBy('lockDate', 'desc')
    .limit(1)
    .executeTakeFirst()) as { lockDate: string } | undefined;
  if (!lock) return;
  throw refusal((lang) =>
    t(lang, 'errors.ModuleLocked', {
      module: fieldText(locks.def, 'module', module, lang),
      date: fieldText(locks.def, 'lockDate', lock.lockDate, lang),
    }),
  );
}
