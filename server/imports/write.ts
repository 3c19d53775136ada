/**
 * One record of an import through the generic write path (server/entities/write): a Create, or an
 * Update of the row whose key field holds the record's key value (modes update and upsert), as the
 * form would send it, so validation, field modes, row scope, references, rules, numbering, effects
 * and audit all apply. An Update keeps what the file does not name: the stored values (and the
 * stored lines when the file has none of that table's). A refusal becomes per-cell problems,
 * a line's on the sheet row of that line.
 */
import type { Lang } from '../../runtime/shared/definition';
import type { ImportCellError, ImportMode } from '../../runtime/shared/imports';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { getRow } from '../entities/repository';
import type { Row } from '../entities/rows';
import { rowAccessCondition } from '../entities/scope';
import { runWriteThen } from '../entities/write/pipeline';
import { previewWrite } from '../entities/write/preview';
import type { ApiWrite } from '../entities/write/state';
import { HttpError, errorData, errorFields } from '../http/errors';
import { errorText, t } from '../i18n';
import type { FieldMode } from '../security/fieldAccess';
import type { SourceDoc, Where } from './documents';

export interface WriteOptions {
  ctx: AppContext;
  entity: Entity;
  user: CurrentUser;
  lang: Lang;
  mode: ImportMode;
  keyField?: string;
  modes: Map<string, FieldMode>;
}

/** A refusal of the import itself for a record (no key value, key not found in update mode). */
class RecordProblem extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The id of the row (visible to the user) whose key field holds `value`; null when none. */
async function rowByKey(o: WriteOptions, value: unknown): Promise<number | null> {
  let q = (o.ctx.db as unknown as Untyped)
    .selectFrom(o.entity.table)
    .select('id')
    .where(o.keyField!, '=', value)
    .limit(2);
  const scope = await rowAccessCondition(o.ctx.db, o.entity, o.user);
  if (scope) q = q.where(scope);
  const rows = (await q.execute()) as { id: unknown }[];
  if (rows.length > 1) throw new RecordProblem(o.keyField!, 'import.keyAmbiguous', { value: String(value) });
  return rows.length ? Number(rows[0]!.id) : null;
}

/** The stored record's own values and lines, as an Update sends them. */
function storedInput(entity: Entity, stored: Row): Row {
  const out: Row = {};
  for (const name of Object.keys(entity.def.schema.properties))
    if (stored[name] !== undefined && stored[name] !== null) out[name] = stored[name];
  for (const c of entity.children) if (Array.isArray(stored[c.name])) out[c.name] = stored[c.name];
  return out;
}

/** The write request of a record: Create or Update by key, per the mode. */
async function requestOf(o: WriteOptions, doc: SourceDoc): Promise<ApiWrite> {
  const input: Row = { ...doc.values, ...doc.lines };
  const base = { source: 'api' as const, entity: o.entity, user: o.user, lang: o.lang, modes: o.modes };
  if (o.mode === 'insert') return { ...base, action: 'create', input };
  const key = o.keyField ? doc.values[o.keyField] : undefined;
  if (key === undefined || key === null || key === '')
    throw new RecordProblem(o.keyField ?? '', 'import.keyMissing');
  const id = await rowByKey(o, key);
  if (id === null) {
    if (o.mode === 'upsert') return { ...base, action: 'create', input };
    throw new RecordProblem(o.keyField!, 'import.keyNotFound', { value: String(key) });
  }
  const stored = await getRow(o.ctx, o.entity, o.user, id);
  return {
    ...base,
    action: 'update',
    id,
    version: Number(stored.version),
    input: { ...storedInput(o.entity, stored), ...input },
  };
}

/** A place as answered: the sheet named only when known. */
const at = (w: Where): Pick<ImportCellError, 'row' | 'sheet'> =>
  w.sheet === undefined ? { row: w.row } : { row: w.row, sheet: w.sheet };

/** A refusal as the cells it names (a line's on its own sheet row). */
export function problemsOf(e: unknown, doc: SourceDoc, lang: Lang): ImportCellError[] {
  if (e instanceof RecordProblem) return [{ ...at(doc), field: e.field, message: t(lang, e.key, e.params) }];
  if (!(e instanceof HttpError)) throw e;
  const out: ImportCellError[] = [];
  for (const f of errorFields(e, lang)) out.push({ ...at(doc), field: f.FieldName, message: f.Message });
  for (const c of e.table)
    out.push({
      ...at(doc.lineRows[c.TableName]?.[c.RowIndex] ?? doc),
      field: `${c.TableName}.${c.FieldName}`,
      message: c.Message,
    });
  const data = errorData(e, lang) as { BusinessErrors?: unknown } | null;
  if (Array.isArray(data?.BusinessErrors))
    for (const m of data.BusinessErrors) out.push({ ...at(doc), field: '', message: String(m) });
  if (out.length === 0) out.push({ ...at(doc), field: '', message: errorText(lang, e.key) });
  return out;
}

/** The cells' own problems (convert.ts) as answered. */
export function readProblems(doc: SourceDoc, lang: Lang): ImportCellError[] {
  return doc.problems.map((p) => ({ ...at(p), field: p.field, message: t(lang, p.key, p.params) }));
}

/** What the write would store (nothing kept), or its problems. */
export async function previewDoc(o: WriteOptions, doc: SourceDoc): Promise<ImportCellError[]> {
  const read = readProblems(doc, o.lang);
  if (read.length) return read;
  try {
    const request = await requestOf(o, doc);
    await previewWrite(o.ctx, { ...request, action: request.action as 'create' | 'update' });
    return [];
  } catch (e) {
    return problemsOf(e, doc, o.lang);
  }
}

/**
 * Writes the record and runs `then` with its id in the same transaction (the job's record of the
 * committed sheet row); answers its problems, nothing written when there are any.
 */
export async function writeDoc(
  o: WriteOptions,
  doc: SourceDoc,
  then: (db: Untyped, id: number) => Promise<void>,
): Promise<ImportCellError[]> {
  const read = readProblems(doc, o.lang);
  if (read.length) return read;
  try {
    const request = await requestOf(o, doc);
    await runWriteThen(o.ctx, request, (db, row) => then(db, Number(row?.id)));
    return [];
  } catch (e) {
    return problemsOf(e, doc, o.lang);
  }
}
