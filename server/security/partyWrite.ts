/**
 * Row scope on writes (the write pipeline's fieldModes step): a vendor or customer user writes rows
 * of its own party only. On an entity scoped to its kind, the party field of Create/Update values
 * is set to the user's party; another party sent there answers 417 on that field (reads are
 * scoped by server/entities/scope.ts).
 *
 * Company-controlled fields: where the scope lists `partyEditable`, every other field of the row is
 * read-only to a user of that party kind (partyReadOnly, added to its field modes by
 * fieldAccess.ts): GetDefinition marks it read-only, an Update keeps its stored value, a Create
 * drops it — the same as a role's read-only field permission, so the form's full record still saves.
 */
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { invalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import { scopeParty } from '../../runtime/shared/scope';
import { partyKind } from './permissions';

export function ownPartyValues(entity: Entity, user: CurrentUser, values: unknown, lang: Lang): unknown {
  // the party field of this user's kind (scope.party, or one of scope.also)
  const party = scopeParty(entity.def, partyKind(user));
  if (!party || party === 'id') return values;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return values;
  const given = (values as Record<string, unknown>)[party];
  if (given !== undefined && given !== null && given !== user.partyId)
    throw invalid([fieldMessage(lang, party, 'errors.FieldNotWritable')]);
  return { ...values, [party]: user.partyId };
}

/**
 * Fields of `def` a user may not write because it is a party user and they are not partyEditable:
 * for users of every kind the row is scoped to (scope.party's and each of scope.also's).
 */
export function partyReadOnly(def: Pick<EntityDefinition, 'schema' | 'scope'>, user: CurrentUser): string[] {
  const scope = def.scope;
  const party = scopeParty(def, partyKind(user));
  if (!scope?.partyEditable || !party) return [];
  const editable = new Set(scope.partyEditable);
  // the party field itself is set by ownPartyValues
  return Object.keys(def.schema.properties).filter((f) => !editable.has(f) && f !== party);
}
