/**
 * Row scope of vendor/customer users (docs/api.md): on an entity whose definition names a `scope`
 * for their party kind, they see and write their own party's rows only. Used by every read (list
 * query, Get, lookups, references, attachments) and by the write pipeline's load step.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { scopeParty } from '../../runtime/shared/scope';
import { partyKind } from '../security/permissions';

/** Row-scope condition for vendor/customer users (their own party only), or null. */
export function scopeCondition(entity: Entity, user: CurrentUser | null): RawBuilder<SqlBool> | null {
  if (!user) return null;
  // the party field for users of this kind (scope.party, or one of scope.also)
  const party = scopeParty(entity.def, partyKind(user));
  if (!party) return null;
  if (user.partyId === null) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(party)} = ${user.partyId}`;
}
