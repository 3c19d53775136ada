/**
 * Row scope of vendor/customer users (docs/api.md): on an entity whose definition names a `scope`
 * for their party kind, they see and write their own party's rows only. Used by every read (list
 * query, Get, lookups, references, attachments) and by the write pipeline's load step.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { partyKind } from '../security/permissions';

/** Row-scope condition for vendor/customer users (their own party only), or null. */
export function scopeCondition(entity: Entity, user: CurrentUser | null): RawBuilder<SqlBool> | null {
  const scope = entity.def.scope;
  if (!user || !scope?.party || !scope.partyKind) return null;
  if (partyKind(user) !== scope.partyKind) return null;
  if (user.partyId === null) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(scope.party)} = ${user.partyId}`;
}
