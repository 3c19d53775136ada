/**
 * Import of rows of any entity (docs/import.md), for users with the entity's `import` permission
 * (and view; the write mode's create and/or edit):
 * - POST /api/Import/Template { entity }: the XLSX template (template.ts);
 * - POST /api/Import/Preview { entity, fileName, content (base64), mapping?, mode, keyField? }:
 *   the file read, its columns matched to fields, every row's cells read and the first rows
 *   checked by the write steps themselves; nothing written;
 * - POST /api/Import/Run (same body): the job started; answers it (run.ts);
 * - POST /api/Import/Status { id } or { entity }: the user's job (an admin: any job by id), or
 *   their latest of the entity;
 * - POST /api/Import/Cancel { id }: the running job stopped after its current batch (its owner or
 *   an admin); the rows written so far stay.
 * A bad file (too large, not a spreadsheet, no rows) is refused with its message and nothing kept.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityAction, Lang } from '../../runtime/shared/definition';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MODES,
  IMPORT_DOC_KEY,
  IMPORT_PREVIEW_ROWS,
  type ImportCellError,
  type ImportLineMappings,
  type ImportMapping,
  type ImportMode,
  type ImportOptions,
  type ImportPreviewAnswer,
} from '../../runtime/shared/imports';
import { authenticate } from '../auth/authenticate';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { checkLicence } from '../entities/gates';
import { businessRoute, readBody } from '../http/business';
import { badRequest, forbidden, invalid, unknownEntity } from '../http/errors';
import { fieldMessage } from '../i18n';
import { fieldModes } from '../security/fieldAccess';
import { entityPermissions } from '../security/permissions';
import { contentDisposition } from '../entities/export';
import { LookupResolver } from './convert';
import { sourceDocs } from './documents';
import { autoMapping, hasDocKey, importFields, wireFields, type TargetField } from './fields';
import { fileBytes, readSource, type SourceTable } from './readFile';
import { cancelJob, cleanupJobs, jobStatus, resumeJobs, startJob } from './run';
import { templateWorkbook } from './template';
import { previewDoc, readProblems, type WriteOptions } from './write';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The write permissions each mode needs besides `import`. */
const MODE_NEEDS: Record<ImportMode, EntityAction[]> = {
  insert: ['create'],
  update: ['edit'],
  upsert: ['create', 'edit'],
};

async function importable(
  ctx: AppContext,
  user: CurrentUser,
  key: unknown,
  mode?: ImportMode,
): Promise<Entity> {
  const entity = typeof key === 'string' ? ctx.registry.byEntityKey(key) : undefined;
  if (!entity) throw unknownEntity();
  const perms = await entityPermissions(ctx, user, entity.key);
  if (!perms.view || !perms.import) throw forbidden();
  if (mode && !MODE_NEEDS[mode].every((a) => perms[a])) throw forbidden();
  checkLicence(ctx, entity);
  return entity;
}

function modeOf(body: Partial<ImportOptions>): ImportMode {
  const mode = body.mode ?? 'insert';
  if (!IMPORT_MODES.includes(mode)) throw badRequest();
  return mode;
}

/**
 * A mapping sent, checked: each column of the sheet (`width` columns) to a field in `names`;
 * a field the user may not write, or no column of the file, is refused, never ignored.
 */
function checkedMapping(sent: unknown, names: Set<string>, width: number): ImportMapping {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) throw badRequest();
  const out: ImportMapping = {};
  for (const [column, name] of Object.entries(sent as Record<string, unknown>))
    if (typeof name === 'string' && name !== '') {
      if (!names.has(name) || !/^\d+$/.test(column) || Number(column) >= width) throw badRequest();
      out[column] = name;
    }
  return out;
}

/** The first sheet's mapping sent (column → field the user may import, or the key) or the automatic one. */
function mappingOf(
  body: Partial<ImportOptions>,
  entity: Entity,
  fields: TargetField[],
  headers: string[],
): ImportMapping {
  if (body.mapping === undefined) return autoMapping(entity, fields, headers);
  const names = new Set(fields.map((f) => f.name));
  if (hasDocKey(entity)) names.add(IMPORT_DOC_KEY);
  return checkedMapping(body.mapping, names, headers.length);
}

/**
 * The lines sheets' mappings: the ones sent (the key and line fields only, each naming the key),
 * or every later sheet whose headers name the key and a line field. A lines sheet needs the key
 * mapped on the first sheet too.
 */
function lineMappingsOf(
  body: Partial<ImportOptions>,
  entity: Entity,
  fields: TargetField[],
  table: SourceTable,
  mapping: ImportMapping,
  lang: Lang,
): ImportLineMappings {
  const out: ImportLineMappings = {};
  if (!hasDocKey(entity)) {
    if (body.lineMappings !== undefined && Object.keys(body.lineMappings ?? {}).length) throw badRequest();
    return out;
  }
  const keyed = (m: ImportMapping) => Object.values(m).includes(IMPORT_DOC_KEY);
  const useful = (m: ImportMapping) => keyed(m) && Object.values(m).some((n) => n.includes('.'));
  if (body.lineMappings === undefined) {
    for (const sheet of table.sheets) {
      const m = autoMapping(entity, fields, sheet.headers, true);
      if (useful(m)) out[String(sheet.index)] = m;
    }
    return keyed(mapping) ? out : {};
  }
  const sent = body.lineMappings;
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) throw badRequest();
  const names = new Set([IMPORT_DOC_KEY, ...fields.filter((f) => f.child).map((f) => f.name)]);
  for (const [index, m] of Object.entries(sent)) {
    const sheet = table.sheets.find((s) => String(s.index) === index);
    if (!sheet) throw badRequest();
    const checked = checkedMapping(m, names, sheet.headers.length);
    if (Object.keys(checked).length === 0) continue;
    if (!keyed(checked)) throw invalid([fieldMessage(lang, 'lineMappings', 'importSheets.keyNeeded')]);
    out[index] = checked;
  }
  if (Object.keys(out).length && !keyed(mapping))
    throw invalid([fieldMessage(lang, 'mapping', 'importSheets.keyNeeded')]);
  return out;
}

/** The key field of update/upsert: one of the record's own mapped fields. */
function keyFieldOf(
  body: Partial<ImportOptions>,
  mode: ImportMode,
  mapping: ImportMapping,
  lang: Lang,
): string | undefined {
  if (mode === 'insert') return undefined;
  const key = body.keyField;
  if (
    typeof key !== 'string' ||
    key.includes('.') ||
    key === IMPORT_DOC_KEY ||
    !Object.values(mapping).includes(key)
  )
    throw invalid([fieldMessage(lang, 'keyField', 'import.keyFieldNeeded')]);
  return key;
}

/** What Preview and Run share: the file read, mapped and turned into records. */
async function prepare(ctx: AppContext, user: CurrentUser, body: Partial<ImportOptions>, lang: Lang) {
  const mode = modeOf(body);
  const entity = await importable(ctx, user, body.entity, mode);
  const data = fileBytes(body, lang);
  const fileName = typeof body.fileName === 'string' ? body.fileName : '';
  const table = await readSource(data, lang);
  const modes = await fieldModes(ctx, user, entity);
  const fields = await importFields(ctx, user, entity, modes);
  const mapping = mappingOf(body, entity, fields, table.headers);
  const lineMappings = lineMappingsOf(body, entity, fields, table, mapping, lang);
  const keyField = keyFieldOf(body, mode, mapping, lang);
  const docs = await sourceDocs(table, mapping, lineMappings, fields, new LookupResolver(ctx, user));
  const options: WriteOptions = { ctx, entity, user, lang, mode, modes, ...(keyField ? { keyField } : {}) };
  return { entity, data, fileName, table, fields, mapping, lineMappings, keyField, docs, options, mode };
}

export async function importsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // jobs cut short by a stop of the server go on; old finished jobs' files are dropped
  app.addHook('onReady', async () => {
    await cleanupJobs(ctx);
    await resumeJobs(ctx);
  });

  app.post('/api/Import/Template', async (req, reply) => {
    const body = readBody(req);
    const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
    const entity = await importable(ctx, user, body.entity);
    const fields = await importFields(ctx, user, entity);
    const file = await templateWorkbook(ctx, user, entity, fields, req.lang);
    return reply
      .type(XLSX)
      .header('content-disposition', contentDisposition(entity, req.lang, 'xlsx'))
      .send(file);
  });

  // the file travels in base64: its limit, not the API's 1 MB, bounds the body
  const bodyLimit = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = bodyLimit;
    });
    uploadRoutes(scope);
  });

  businessRoute(app, 'Import/Status', async ({ user, body }) => {
    if (typeof body.id === 'string') return jobStatus(ctx, user, { id: body.id });
    const entity = await importable(ctx, user, body.entity);
    return jobStatus(ctx, user, { entity: entity.key });
  });

  businessRoute(app, 'Import/Cancel', async ({ user, body }) => {
    if (typeof body.id !== 'string') throw badRequest();
    return cancelJob(ctx, user, body.id);
  });
}

/** Preview and Run: the routes that take a file. */
function uploadRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  businessRoute(app, 'Import/Preview', async ({ user, body, req }): Promise<ImportPreviewAnswer> => {
    const p = await prepare(ctx, user, body as Partial<ImportOptions>, req.lang);
    const errors: ImportCellError[] = [];
    let badRows = 0;
    let checked = 0;
    for (const doc of p.docs) {
      // every record's cells are read; the first ones also go through the write steps (rolled back)
      const problems =
        checked < IMPORT_PREVIEW_ROWS ? await previewDoc(p.options, doc) : readProblems(doc, req.lang);
      if (checked < IMPORT_PREVIEW_ROWS) checked++;
      if (problems.length) badRows++;
      if (errors.length < 500) errors.push(...problems);
    }
    return {
      headers: p.table.headers,
      mapping: p.mapping,
      ...(p.table.name ? { sheet: p.table.name } : {}),
      sheets: p.table.sheets.map((s) => ({ index: s.index, name: s.name, headers: s.headers })),
      lineMappings: p.lineMappings,
      fields: wireFields(p.entity, p.fields, req.lang),
      total: p.docs.length,
      rows: p.docs
        .slice(0, IMPORT_PREVIEW_ROWS)
        .map((d) => ({ row: d.row, values: { ...d.values, ...d.lines } })),
      errors,
      badRows,
      checked,
    };
  });

  businessRoute(app, 'Import/Run', async ({ user, body, req }) => {
    const p = await prepare(ctx, user, body as Partial<ImportOptions>, req.lang);
    if (Object.keys(p.mapping).length === 0)
      throw invalid([fieldMessage(req.lang, 'mapping', 'import.noMapping')]);
    const id = await startJob(
      ctx,
      {
        entity: p.entity,
        user,
        lang: req.lang,
        fileName: p.fileName,
        data: p.data,
        mapping: p.mapping,
        lineMappings: p.lineMappings,
        mode: p.mode,
        ...(p.keyField ? { keyField: p.keyField } : {}),
      },
      p.docs.length,
      p.docs,
    );
    return jobStatus(ctx, user, { id });
  });
}
