/** Meta/Entity/GetDefinition: the definition with titles in the request language, hidden fields removed. */
import type { FastifyInstance } from 'fastify';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import { businessRoute } from '../http/business';
import { forbidden, unknownEntity } from '../http/errors';
import { entityPermissions } from '../security/permissions';
import { entityFromBody } from './lookup';

/**
 * Field-level visibility hook: names of fields this user may not see. No rules are seeded yet;
 * when they come, they are stored per role and entity and read here.
 */
export async function hiddenFields(
  _ctx: AppContext,
  _user: CurrentUser,
  _def: EntityDefinition,
): Promise<Set<string>> {
  return new Set();
}

export function localise(def: EntityDefinition, lang: Lang, hidden: Set<string>): EntityDefinition {
  const copy = structuredClone(def);
  for (const name of Object.keys(copy.schema.properties)) {
    if (hidden.has(name)) {
      delete copy.schema.properties[name];
      delete copy.fields[name];
      continue;
    }
    const prop = copy.schema.properties[name];
    const label = copy.fields[name]?.label;
    if (prop && label) prop.title = localText(label, lang);
  }
  if (copy.schema.required) copy.schema.required = copy.schema.required.filter((r) => !hidden.has(r));
  copy.list.columns = copy.list.columns.filter((c) => !hidden.has(c));
  return copy;
}

export async function metaPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(app, 'Meta/Entity/GetDefinition', async ({ req, user, body }) => {
    const entity = entityFromBody(ctx, body);
    if (!entity) throw unknownEntity();
    const perms = await entityPermissions(ctx, user, entity.key);
    if (!perms.view) throw forbidden();
    return localise(entity.def, req.lang, await hiddenFields(ctx, user, entity.def));
  });
}
