/**
 * Row scope of vendor/customer users (docs/api.md): on an entity whose definition names a `scope`
 * for their party kind, they see and write their own party's rows only; with the row rules of the
 * user's roles (docs/security.md) it makes rowAccessCondition. Used by every read (list
 * query, Get, lookups, references, attachments) and by the write pipeline's load step.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { scopeParty } from '../../runtime/shared/scope';
import { partyKind } from '../security/permissions';
import { rowRuleCondition } from '../security/rowRules';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';

/** Row-scope condition for vendor/customer users (their own party only), or null. */
export function scopeCondition(entity: Entity, user: CurrentUser | null): RawBuilder<SqlBool> | null {
  if (!user) return null;
  // the party field for users of this kind (scope.party, or one of scope.also)
  const party = scopeParty(entity.def, partyKind(user));
  if (!party) return null;
  if (user.partyId === null) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(party)} = ${user.partyId}`;
}

/**
 * Every row condition of a read or write of `entity` by this user: the party scope and the row
 * rules of its roles (server/security/rowRules.ts), or null. `rules: false` leaves the row rules
 * out (the server's own writes run for a user: an effect's voucher is not the user's to see).
 */
export async function rowAccessCondition(
  db: Kysely<SystemTables> | Untyped,
  entity: Entity,
  user: CurrentUser | null,
  rules = true,
): Promise<RawBuilder<SqlBool> | null> {
  const parts = [
    scopeCondition(entity, user),
    rules ? await rowRuleCondition(db, entity, user) : null,
  ].filter((c) => c !== null);
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : null;
}
