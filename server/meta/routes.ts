/** Meta/Entity/GetDefinition: the definition with titles in the request language, hidden fields removed. */
import type { FastifyInstance } from 'fastify';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import { businessRoute } from '../http/business';
import { forbidden, unknownEntity } from '../http/errors';
import { entityPermissions } from '../security/permissions';
import { entityFromBody } from './lookup';
import { validatorUrls, validatorsPlugin } from './validators';

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

/** A copy of the definition without the hidden fields. */
export function strip(def: EntityDefinition, hidden: Set<string>): EntityDefinition {
  const copy = structuredClone(def);
  for (const name of Object.keys(copy.schema.properties)) {
    if (!hidden.has(name)) continue;
    delete copy.schema.properties[name];
    delete copy.fields[name];
  }
  if (copy.schema.required) copy.schema.required = copy.schema.required.filter((r) => !hidden.has(r));
  copy.list.columns = copy.list.columns.filter((c) => !hidden.has(c));
  return copy;
}

export function localise(def: EntityDefinition, lang: Lang, hidden: Set<string>): EntityDefinition {
  const copy = strip(def, hidden);
  for (const name of Object.keys(copy.schema.properties)) {
    const prop = copy.schema.properties[name];
    const label = copy.fields[name]?.label;
    if (prop && label) prop.title = localText(label, lang);
  }
  return copy;
}

export async function metaPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(app, 'Meta/Entity/GetDefinition', async ({ req, user, body }) => {
    const entity = entityFromBody(ctx, body);
    if (!entity) throw unknownEntity();
    const perms = await entityPermissions(ctx, user, entity.key);
    if (!perms.view) throw forbidden();
    const stripped = strip(entity.def, await hiddenFields(ctx, user, entity.def));
    // validators of the schemas as sent (before titles, which do not change what is valid)
    return { ...localise(stripped, req.lang, new Set()), validators: validatorUrls(ctx.registry, stripped) };
  });
  await validatorsPlugin(app);
}
