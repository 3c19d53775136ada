/**
 * Fiscal-period scoping of dated documents: definitions with `period: { field }` list and export
 * only the rows whose date lies in the fiscal period named by the `selectedYear` header
 * (accounting/fiscalPeriod id). Without the header, or for a period id that does not exist, the
 * list is not narrowed. One query piece, added to GetList's and Export's WHERE.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { IDENTIFIER } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { Entity } from '../definitions/registry';

export const PERIODS_TABLE = 'e_accounting_fiscalperiod';

/** The condition for the entity and period id, or null when the entity is not period-scoped. */
export function periodCondition(entity: Entity, selectedYear: number | null): RawBuilder<SqlBool> | null {
  const field = entity.def.period?.field;
  if (!field || selectedYear === null) return null;
  const dated = Object.hasOwn(entity.def.schema.properties, field) && kindOf(entity.def, field) === 'date';
  if (!IDENTIFIER.test(field) || !dated) return null;
  const periods = sql.table(PERIODS_TABLE);
  // qualified: the periods table has date columns of its own (startDate, endDate)
  const date = sql.ref(`${entity.table}.${field}`);
  return sql<SqlBool>`(not exists (select 1 from ${periods} p where p.id = ${selectedYear})
    or exists (select 1 from ${periods} p where p.id = ${selectedYear}
      and ${date} >= p.${sql.ref('startDate')} and ${date} <= p.${sql.ref('endDate')}))`;
}
