/**
 * Generic actions of every definition: POST /api/{Module}/{Entity}/{Action}, the actions named in
 * runtime/shared/entityActions.ts with the permission each needs. The handler table below is a
 * `Record` over those names: an action added there is a type error here until it has a handler,
 * and a name that is no action (`constructor`, `__proto__`…) answers 404 UnknownEntity.
 * `Print` answers the row like `Get` but needs the print permission, so a role that may view and
 * not print cannot fetch the print view's document.
 * Create/Update/Delete run the write pipeline (write/pipeline.ts: field modes, secrets, validation,
 * rules, …), which reads the field modes of the write itself.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { readBody, selectedYear } from '../http/business';
import { badRequest, conflict, forbidden, notFound, unknownEntity } from '../http/errors';
import { isRowId } from '../../runtime/shared/bounds';
import { authenticate } from '../auth/authenticate';
import { ok } from '../../runtime/shared/envelope';
import {
  ENTITY_ACTION_PERMISSION,
  entityActionOf,
  type EntityActionName,
} from '../../runtime/shared/entityActions';
import { entityPermissions } from '../security/permissions';
import { getRow, listRows } from './repository';
import type { Row } from './rows';
import { runWrite } from './write/pipeline';
import { addAggregates } from './aggregates';
import { previewWrite } from './write/preview';
import { exportRows } from './export';
import { readAudit } from './auditRead';
import { checkBranches, checkLicence } from './gates';
import { fieldModes, hiddenOf, stripAnswer, type FieldMode } from '../security/fieldAccess';
import type { Lang } from '../../runtime/shared/definition';
import { amendRow, transitionRow } from './lifecycleActions';
import { createFromSource } from '../chain/createFrom';
import { entityPeriod } from './period';
import type { Message } from '../i18n';

function positiveInt(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw badRequest();
  return v;
}

/** A row id: 400 unless a positive integer; 404 beyond MAX_ROW_ID (no row has it; PG `serial`). */
function rowId(v: unknown): number {
  const id = positiveInt(v);
  if (!isRowId(id)) throw notFound();
  return id;
}

/** A row version: 400 unless a positive integer; a conflict beyond MAX_ROW_ID (no row has it). */
function rowVersion(v: unknown): number {
  const version = positiveInt(v);
  if (!isRowId(version)) throw conflict();
  return version;
}

/** One authorised call of an action: what every handler may use. */
interface ActionCall {
  ctx: AppContext;
  entity: Entity;
  user: CurrentUser;
  body: Row;
  lang: Lang;
  year: number | null;
  reply: FastifyReply;
  /**
   * What the call's write tells without refusing (WriteRequest.notices: a credit limit passed under
   * `warn`), answered in the Ok envelope's MessageTexts and Messages.
   */
  notices: Message[];
}

type Handler = (call: ActionCall) => Promise<FastifyReply>;

/** The role's field modes: hidden fields are never answered nor written, read-only ones kept. */
const modesOf = (c: ActionCall) => fieldModes(c.ctx, c.user, c.entity);

/** The answer envelope of a handler's data, without the fields hidden from the role, with its notices. */
function answer(c: ActionCall, modes: Map<string, FieldMode>, data: unknown): FastifyReply {
  return c.reply.send(ok(stripAnswer(data, hiddenOf(modes)), c.notices));
}

/** Reads answer the row(s) the repository gives; Print is Get under another permission. */
async function readOne(c: ActionCall): Promise<FastifyReply> {
  const modes = await modesOf(c);
  return answer(c, modes, await getRow(c.ctx, c.entity, c.user, rowId(c.body.id)));
}

const HANDLERS: Record<EntityActionName, Handler> = {
  async GetList(c) {
    const modes = await modesOf(c);
    return answer(c, modes, await listRows(c.ctx, c.entity, c.user, c.body, c.lang, c.year));
  },
  Get: readOne,
  Print: readOne,
  async GetAudit(c) {
    const modes = await modesOf(c);
    return answer(c, modes, await readAudit(c.ctx, c.entity, c.user, rowId(c.body.id), c.lang));
  },
  async Create(c) {
    const modes = await modesOf(c);
    // field modes, secret fields, validation and every later step: the write pipeline
    const row = await runWrite(c.ctx, {
      source: 'api',
      action: 'create',
      entity: c.entity,
      user: c.user,
      lang: c.lang,
      input: c.body.values,
      period: await entityPeriod(c.ctx, c.entity, c.year, c.lang),
      notices: c.notices,
    });
    return answer(c, modes, row ? (await addAggregates(c.ctx, c.entity, [row]))[0] : row);
  },
  async Update(c) {
    const modes = await modesOf(c);
    // the id before the version (an id past int4: 404, not a 500)
    const id = rowId(c.body.id);
    const version = rowVersion(c.body.version);
    const row = await runWrite(c.ctx, {
      source: 'api',
      action: 'update',
      entity: c.entity,
      user: c.user,
      lang: c.lang,
      id,
      version,
      input: c.body.values,
      notices: c.notices,
    });
    return answer(c, modes, row ? (await addAggregates(c.ctx, c.entity, [row]))[0] : row);
  },
  async Delete(c) {
    const modes = await modesOf(c);
    const id = rowId(c.body.id);
    const version = rowVersion(c.body.version);
    await runWrite(c.ctx, {
      source: 'api',
      action: 'delete',
      entity: c.entity,
      user: c.user,
      lang: c.lang,
      id,
      version,
      input: undefined,
      notices: c.notices,
    });
    return answer(c, modes, null);
  },
  async Preview(c) {
    // the permission of the write it previews, as that write's route would ask
    const isUpdate = c.body.id !== undefined;
    const perms = await entityPermissions(c.ctx, c.user, c.entity.key);
    if (!perms[isUpdate ? 'edit' : 'create']) throw forbidden();
    const modes = await modesOf(c);
    const row = await previewWrite(c.ctx, {
      action: isUpdate ? 'update' : 'create',
      entity: c.entity,
      user: c.user,
      lang: c.lang,
      modes,
      ...(isUpdate
        ? { id: rowId(c.body.id), version: rowVersion(c.body.version) }
        : { period: await entityPeriod(c.ctx, c.entity, c.year, c.lang) }),
      input: c.body.values,
    });
    return answer(c, modes, row);
  },
  // lifecycle (lifecycleActions.ts): Finalise and Cancel are Updates with a transition, Amend a Create
  async Finalise(c) {
    const modes = await modesOf(c);
    const id = rowId(c.body.id);
    const row = await transitionRow(c, 'finalise', id, rowVersion(c.body.version));
    return answer(c, modes, row);
  },
  async Cancel(c) {
    const modes = await modesOf(c);
    const id = rowId(c.body.id);
    const version = rowVersion(c.body.version);
    // the reason is checked by the lifecycle step (417 on `reason`), after the state
    const reason = typeof c.body.reason === 'string' ? c.body.reason : '';
    return answer(c, modes, await transitionRow(c, 'cancel', id, version, reason));
  },
  async Amend(c) {
    const modes = await modesOf(c);
    return answer(c, modes, await amendRow(c, rowId(c.body.id)));
  },
  // a new draft's values from a final source document (server/chain/createFrom.ts, docs/chain.md)
  async CreateFrom(c) {
    const modes = await modesOf(c);
    return answer(c, modes, await createFromSource(c.ctx, c.entity, c.user, rowId(c.body.source)));
  },
  // the file is the answer; field modes apply inside (export.ts)
  Export: (c) => exportRows(c.ctx, c.entity, c.user, c.body, c.lang, c.reply, c.year),
};

export async function entityPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.post<{ Params: { module: string; entity: string; action: string } }>(
    '/api/:module/:entity/:action',
    async (req, reply) => {
      const entity = ctx.registry.byApiPath(req.params.module, req.params.entity);
      const action = entityActionOf(req.params.action);
      if (!entity || !action) throw unknownEntity();
      const body = readBody(req);
      const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
      const perms = await entityPermissions(ctx, user, entity.key);
      if (!perms[ENTITY_ACTION_PERMISSION[action]]) throw forbidden();
      checkLicence(ctx, entity);
      await checkBranches(ctx, entity, req);
      return HANDLERS[action]({
        ctx,
        entity,
        user,
        body,
        lang: req.lang,
        year: selectedYear(req),
        reply,
        notices: [],
      });
    },
  );
}
