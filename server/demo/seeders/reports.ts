/**
 * Reports and management: demo saved reports; the audit trail and UI error logs are read-only
 * screens for the admin (view and export only, written before the admin sync grants everything)
 * and not for staff.
 */
import type { Seeder } from './seeder';
import { insertRows } from '../seedInsert';
import { writeLines } from '../../entities/lines';
import type { Untyped } from '../../db/untyped';

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
  await seedBoards({ db, ctx } as Parameters<Seeder>[0]);
};

/** Report-builder analyses (report.analysis) and one dashboard of cards over them for staff and admin. */
const seedBoards: Seeder = async ({ db, ctx }) => {
  const board = ctx.registry.byEntityKey('report.board');
  if (!board) return;
  const spec = (s: object) => JSON.stringify(s);
  const [byMonth, count, byGroup] = await insertRows(db, ctx, 'report.analysis', [
    {
      title: 'فروش ماهانه به تفکیک گروه مشتری',
      entity: 'sales.invoice',
      view: 'bar',
      spec: spec({
        entity: 'sales.invoice',
        dimensions: [{ field: 'date', bucket: 'month' }, { field: 'customerGroup' }],
        measures: [{ op: 'sum', field: 'grandTotal' }],
      }),
    },
    {
      title: 'تعداد فاکتورهای فروش',
      entity: 'sales.invoice',
      view: 'table',
      spec: spec({ entity: 'sales.invoice', dimensions: [], measures: [{ op: 'count' }] }),
    },
    {
      title: 'فروش کالاها',
      entity: 'sales.invoice',
      view: 'pie',
      spec: spec({
        entity: 'sales.invoice',
        dimensions: [{ field: 'lines.item' }],
        measures: [{ op: 'sum', field: 'lines.amount' }],
        sort: { column: 1, dir: 'desc' },
        limit: 8,
      }),
    },
  ]);
  const [id] = await insertRows(db, ctx, 'report.board', [{ title: 'نمای فروش', roles: '*', order: 0 }]);
  await writeLines(db as unknown as Untyped, ctx.dialect, board, id!, {
    cards: [
      { analysis: count, show: 'number', x: 0, y: 0, w: 3, h: 1 },
      { analysis: byMonth, show: 'bar', x: 3, y: 0, w: 9, h: 3 },
      { analysis: byGroup, show: 'pie', x: 0, y: 1, w: 3, h: 3 },
    ],
  });
};
