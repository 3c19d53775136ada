/**
 * Checks of a definition's `automations`. The checks on their own and against the other
 * definitions are shared with the designer (runtime/shared/automationCheck.ts, re-exported here);
 * the check against the database is here: a webhook names an endpoint an admin made
 * (security.webhookEndpoint), by name.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { AutomationProblem } from '../../runtime/shared/automationCheck';
import type { Untyped } from '../db/untyped';
import type { Registry } from './registry';
import { WEBHOOK_ENDPOINT_ENTITY } from '../automations/webhooks';

export {
  automationExpressions,
  automationLookupProblems,
  automationProblems,
  type AutomationProblem,
} from '../../runtime/shared/automationCheck';

/** The names of the webhook endpoints an admin made (none while the entity is not there). */
export async function webhookEndpointNames(db: Untyped, registry: Registry): Promise<string[]> {
  const entity = registry.byEntityKey(WEBHOOK_ENDPOINT_ENTITY);
  if (!entity) return [];
  const rows = (await db.selectFrom(entity.table).select('name').orderBy('name').execute()) as {
    name: unknown;
  }[];
  return rows.map((r) => String(r.name ?? '')).filter(Boolean);
}

/**
 * Webhook endpoints `def` names that no admin made (on Plan/Publish). A name the definition in
 * force (`before`) names already stays allowed: an endpoint removed since does not keep the owner
 * from publishing other changes or rolling back (the call is then `skipped`, docs/automations.md).
 */
export async function automationDataProblems(
  db: Untyped,
  registry: Registry,
  def: EntityDefinition,
  before: EntityDefinition | undefined,
): Promise<AutomationProblem[]> {
  const named = (d: EntityDefinition | undefined) =>
    (d?.automations ?? []).flatMap((a) =>
      a.actions.flatMap((x) => ('webhook' in x ? [x.webhook.endpoint] : [])),
    );
  if (!named(def).length) return [];
  const known = new Set([...(await webhookEndpointNames(db, registry)), ...named(before)]);
  const out: AutomationProblem[] = [];
  (def.automations ?? []).forEach((a, i) =>
    a.actions.forEach((action, j) => {
      if ('webhook' in action && !known.has(action.webhook.endpoint))
        out.push({
          path: `/automations/${i}/actions/${j}/webhook/endpoint`,
          key: 'automationEndpoint',
          params: { endpoint: action.webhook.endpoint },
        });
    }),
  );
  return out;
}
