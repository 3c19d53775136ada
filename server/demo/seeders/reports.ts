/**
 * Reports and management: demo saved reports; the audit trail and UI error logs are read-only
 * screens for the admin (view and export only, written before the admin sync grants everything)
 * and not for staff.
 */
import type { Seeder } from './seeder';
import { insertRows } from '../seedInsert';

const READ_ONLY = ['management.uiLog', 'management.auditLog'];

export const seedReports: Seeder = async ({ db, ctx }) => {
  await db.deleteFrom('role_permissions').where('entity', 'in', READ_ONLY).execute();
  await db
    .insertInto('role_permissions')
    .values(
      READ_ONLY.filter((key) => ctx.registry.byEntityKey(key)).map((entity) => ({
        role: 'admin',
        entity,
        can_view: 1,
        can_create: 0,
        can_edit: 0,
        can_delete: 0,
        can_export: 1,
        can_print: 0,
        can_finalise: 0,
        can_cancel: 0,
        can_import: 0,
      })),
    )
    .execute();
  await insertRows(db, ctx, 'report.savedReport', [
    {
      title: 'فروش به تفکیک مشتری',
      entity: 'sales.invoice',
      groupBy: 'customer',
      measure: 'sum',
      measureField: 'total',
      chart: 'bar',
    },
    {
      title: 'فروش ماهانه',
      entity: 'sales.invoice',
      groupBy: 'date',
      measure: 'sum',
      measureField: 'total',
      chart: 'line',
    },
    {
      title: 'مشتریان به تفکیک شهر',
      entity: 'sales.customer',
      groupBy: 'city',
      measure: 'count',
      chart: 'pie',
    },
  ]);
};
