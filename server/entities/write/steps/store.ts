/**
 * store (every write): the row and its lines written, with the system columns (version, created and
 * updated at and by) set here once for Create, Update and Delete. Update and Delete name the version
 * the load step checked, so a writer that changed the row in between makes this a 409. Secret
 * fields are dropped here, whatever a rule put there.
 */
import { SYSTEM_COLUMN_MAP } from '../../../db/entityTables';
import { conflict } from '../../../http/errors';
import { deleteLines, writeLines } from '../../lines';
import { toApiRow, toColumns, type Row } from '../../rows';
import { withoutSecrets } from '../../secrets';
import { ALL_ACTIONS, type WriteState, type WriteStep } from '../state';

async function insert(w: WriteState, values: Row): Promise<Row> {
  const now = new Date().toISOString();
  return (await w.db
    .insertInto(w.entity.table)
    .values({
      ...toColumns(w.entity, values, w.ctx.dialect),
      [SYSTEM_COLUMN_MAP.version]: 1,
      [SYSTEM_COLUMN_MAP.createdAt]: now,
      [SYSTEM_COLUMN_MAP.updatedAt]: now,
      [SYSTEM_COLUMN_MAP.createdBy]: w.user?.id ?? null,
      [SYSTEM_COLUMN_MAP.updatedBy]: w.user?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
}

async function update(w: WriteState, id: number, version: number, values: Row): Promise<Row> {
  const updated = (await w.db
    .updateTable(w.entity.table)
    .set({
      ...toColumns(w.entity, values, w.ctx.dialect),
      [SYSTEM_COLUMN_MAP.version]: version + 1,
      [SYSTEM_COLUMN_MAP.updatedAt]: new Date().toISOString(),
      [SYSTEM_COLUMN_MAP.updatedBy]: w.user?.id ?? null,
    })
    .where('id', '=', id)
    .where(SYSTEM_COLUMN_MAP.version, '=', version)
    .returningAll()
    .executeTakeFirst()) as Row | undefined;
  if (!updated) throw conflict();
  return updated;
}

async function remove(w: WriteState, id: number, version: number): Promise<void> {
  const result = await w.db
    .deleteFrom(w.entity.table)
    .where('id', '=', id)
    .where(SYSTEM_COLUMN_MAP.version, '=', version)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw conflict();
  await deleteLines(w.db, w.entity, id);
}

export const storeStep: WriteStep = {
  name: 'store',
  on: ALL_ACTIONS,
  async run(w) {
    const id = Number(w.before?.id);
    const version = Number(w.before?.version);
    if (w.action === 'delete') return remove(w, id, version);
    const values = withoutSecrets(w.entity, w.values ?? {});
    const stored = w.action === 'create' ? await insert(w, values) : await update(w, id, version, values);
    w.row = toApiRow(w.entity, stored);
    await writeLines(w.db, w.ctx.dialect, w.entity, Number(w.row.id), w.lines, w.linesBefore ?? {});
  },
};
