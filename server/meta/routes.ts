/**
 * Meta/Entity/GetDefinition: the definition with titles in the request language, hidden fields
 * removed (line fields: childAccess.ts).
 */
import type { FastifyInstance } from 'fastify';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import type { AppContext, CurrentUser } from '../context';
import { businessRoute } from '../http/business';
import { forbidden, unknownEntity } from '../http/errors';
import { entityPermissions } from '../security/permissions';
import { entityFromBody } from './lookup';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { validatorUrls, validatorsPlugin } from './validators';
import { restrictChildren } from './childAccess';
import { declaredRules, rulesOf } from '../entities/rules';
import type { WorkflowDefinition } from '../../runtime/shared/definition';

/** The workflow with only the transitions `role` may make. */
function transitionsOf(wf: WorkflowDefinition, role: string): WorkflowDefinition {
  return { ...wf, transitions: wf.transitions.filter((tr) => tr.roles.includes(role)) };
}
import { withBorrowedLabels } from './labelSources';

/** Field-level visibility: fields the user's role may not see (field_permissions, mode hidden). */
export async function hiddenFields(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
): Promise<Set<string>> {
  return hiddenOf(await fieldModes(ctx, user, { key: `${def.module}.${def.name}`, def }));
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
    // the label's figures in the language's digits («۱۰٪»), as fieldLabel shows them
    if (prop && label) prop.title = localDigits(localText(label, lang), lang);
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
    const modes = await fieldModes(ctx, user, entity);
    const stripped = strip(entity.def, hiddenOf(modes));
    for (const [field, mode] of modes) {
      const prop = stripped.schema.properties[field];
      if (mode === 'readOnly' && prop) prop.readOnly = true;
    }
    restrictChildren(stripped, modes);
    // the form offers only the transitions this role may make (the workflow step refuses others)
    if (stripped.workflow) stripped.workflow = transitionsOf(stripped.workflow, user.role);
    // row actions kept to some roles are not offered to the others (the action's route refuses them)
    if (stripped.rowActions)
      stripped.rowActions = stripped.rowActions.filter((a) => !a.roles || a.roles.includes(user.role));
    // values an entity rule computes: the form shows them from the server's Preview
    if ([...rulesOf(entity.key), ...declaredRules(entity.def)].some((r) => r.computes))
      stripped.serverComputed = true;
    // validators of the schemas as sent (before titles, which do not change what is valid)
    return {
      ...localise(withBorrowedLabels(ctx, stripped), req.lang, new Set()),
      validators: validatorUrls(ctx.registry, stripped),
    };
  });
  await validatorsPlugin(app);
}
