/**
 * Generic actions of every definition: POST /api/{Module}/{Entity}/{GetList|Get|Print|Create|Update|Delete|Export|GetAudit}.
 * `Print` answers the row like `Get` but needs the print permission, so a role that may view and
 * not print cannot fetch the print view's document.
 * Create/Update/Delete run the write pipeline (write/pipeline.ts: field modes, validation, rules, …).
 */
import type { FastifyInstance } from 'fastify';
import type { EntityAction } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { readBody, selectedYear } from '../http/business';
import { badRequest, conflict, forbidden, notFound, unknownEntity } from '../http/errors';
import { isRowId } from '../../runtime/shared/bounds';
import { authenticate } from '../auth/authenticate';
import { ok } from '../../runtime/shared/envelope';
import { entityPermissions } from '../security/permissions';
import { getRow, listRows } from './repository';
import type { Row } from './rows';
import { runWrite } from './write/pipeline';
import { exportRows } from './export';
import { readAudit } from './auditRead';
import { checkBranches, checkLicence } from './gates';
import { fieldModes, hiddenOf, stripAnswer } from '../security/fieldAccess';
import type { Lang } from '../../runtime/shared/definition';

const ACTIONS: Record<string, EntityAction> = {
  getlist: 'view',
  get: 'view',
  print: 'print',
  create: 'create',
  update: 'edit',
  delete: 'delete',
  export: 'export',
  getaudit: 'view',
};

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

async function dispatch(
  ctx: AppContext,
  entity: Entity,
  action: string,
  user: CurrentUser,
  body: Row,
  lang: Lang,
  year: number | null,
) {
  switch (action) {
    case 'getlist':
      return listRows(ctx, entity, user, body, lang, year);
    case 'get':
    case 'print':
      return getRow(ctx, entity, user, rowId(body.id));
    case 'getaudit':
      return readAudit(ctx, entity, user, rowId(body.id), lang);
    case 'create':
      // field modes, secret fields, validation and every later step: the write pipeline (write/pipeline.ts)
      return runWrite(ctx, { source: 'api', action: 'create', entity, user, lang, input: body.values });
    case 'update': {
      // the id before the version (an id past int4: 404, not a 500)
      const id = rowId(body.id);
      const version = rowVersion(body.version);
      return runWrite(ctx, {
        source: 'api',
        action: 'update',
        entity,
        user,
        lang,
        id,
        version,
        input: body.values,
      });
    }
    default: {
      const id = rowId(body.id);
      const version = rowVersion(body.version);
      await runWrite(ctx, {
        source: 'api',
        action: 'delete',
        entity,
        user,
        lang,
        id,
        version,
        input: undefined,
      });
      return null;
    }
  }
}

export async function entityPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.post<{ Params: { module: string; entity: string; action: string } }>(
    '/api/:module/:entity/:action',
    async (req, reply) => {
      const entity = ctx.registry.byApiPath(req.params.module, req.params.entity);
      const action = req.params.action.toLowerCase();
      const need = ACTIONS[action];
      if (!entity || !need) throw unknownEntity();
      const body = readBody(req);
      const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
      const perms = await entityPermissions(ctx, user, entity.key);
      if (!perms[need]) throw forbidden();
      checkLicence(ctx, entity);
      await checkBranches(ctx, entity, req);
      if (action === 'export') return exportRows(ctx, entity, user, body, req.lang, reply, selectedYear(req));
      // field permissions: hidden fields never answered nor written, read-only ones kept
      const modes = await fieldModes(ctx, user, entity);
      const data = await dispatch(ctx, entity, action, user, body, req.lang, selectedYear(req));
      return reply.send(ok(stripAnswer(data, hiddenOf(modes))));
    },
  );
}
