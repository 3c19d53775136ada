/**
 * Row scope of vendor and customer users (a definition's `scope`): the field tying a row to a
 * party of each kind — `party` for `partyKind`, and each of `also` for its own kind (a cheque is
 * its customer's for customer users and its vendor's for vendor users).
 */
import type { EntityDefinition, PartyKind } from './definition';

/** The field of `def` naming the party of users of `kind`, or null when such users are not scoped. */
export function scopeParty(def: Pick<EntityDefinition, 'scope'>, kind: PartyKind | null): string | null {
  const scope = def.scope;
  if (!scope || !kind) return null;
  if (scope.party && scope.partyKind === kind) return scope.party;
  return scope.also?.find((s) => s.partyKind === kind)?.party ?? null;
}

/** Whether users of `kind` are row-scoped on `def` (one of its scopes is of that kind). */
export function scopedFor(def: Pick<EntityDefinition, 'scope'>, kind: PartyKind | null): boolean {
  return scopeParty(def, kind) !== null;
}
