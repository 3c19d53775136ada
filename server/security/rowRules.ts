/**
 * Row rules of roles (runtime/shared/rowRules.ts) as a WHERE piece: the rules a user is held to on
 * an entity (its roles' rules, union) become one condition that every read and write of the entity
 * adds to its own query (server/entities/scope.ts rowAccessCondition), so a row outside is never
 * listed, counted, summed, exported, looked up nor found by id. The rules and the user attributes
 * are kept in the access cache (accessCache.ts), dropped at once when `row_rules` or
 * `user_attributes` is written.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { Entity } from '../definitions/registry';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';
import { columnsOf } from '../entities/columns';
import { combineRoleRules, type RowRule } from '../../runtime/shared/rowRules';
import { cached } from './accessCache';

type Db = Kysely<SystemTables> | Untyped;
type AttributeValue = string | number | null;

/** The roles a user holds (one today: users.role). */
export const rolesOf = (user: Pick<CurrentUser, 'role'>): string[] => [user.role];

/** Row rules of `role` by entity key. */
export async function roleRules(db: Db, role: string): Promise<Map<string, RowRule[]>> {
  const k = db as Kysely<SystemTables>;
  const rows = await cached(k, ['row_rules'], `rowRules:${role}`, () =>
    k.selectFrom('row_rules').select(['entity', 'rules']).where('role', '=', role).execute(),
  );
  const out = new Map<string, RowRule[]>();
  for (const r of rows) {
    try {
      const parsed: unknown = JSON.parse(r.rules);
      // stored by Security/RowRule/Save, checked there; an unreadable set matches nothing
      out.set(r.entity, Array.isArray(parsed) ? (parsed as RowRule[]) : []);
    } catch {
      out.set(r.entity, []);
    }
  }
  return out;
}

/** The user's attributes: its stored ones and its own fields (`id`, `partyId`). */
export async function userAttributes(
  db: Db,
  user: Pick<CurrentUser, 'id' | 'partyId'>,
): Promise<Record<string, AttributeValue>> {
  const k = db as Kysely<SystemTables>;
  const rows = await cached(k, ['user_attributes'], `userAttributes:${user.id}`, () =>
    k.selectFrom('user_attributes').select(['name', 'value']).where('user_id', '=', user.id).execute(),
  );
  const out: Record<string, AttributeValue> = {};
  for (const r of rows) out[r.name] = r.value;
  out.id = user.id;
  out.partyId = user.partyId;
  return out;
}

/** The rules the user is held to on `entity` (its roles' union), or null: every row. */
export async function rowRulesFor(db: Db, entity: Entity, user: CurrentUser): Promise<RowRule[] | null> {
  const perRole: (RowRule[] | null)[] = [];
  for (const role of rolesOf(user)) perRole.push((await roleRules(db, role)).get(entity.key) ?? null);
  return combineRoleRules(perRole);
}

/** Whether any of the user's roles has a row rule on any entity. */
export async function hasRowRules(db: Db, user: CurrentUser): Promise<boolean> {
  for (const role of rolesOf(user)) if ((await roleRules(db, role)).size > 0) return true;
  return false;
}

const NOTHING = sql<SqlBool>`1 = 0`;

/** One rule as SQL over the entity's own (unqualified) columns. */
function ruleSql(
  entity: Entity,
  rule: RowRule,
  user: CurrentUser,
  attrs: Record<string, AttributeValue>,
): RawBuilder<SqlBool> {
  if (rule.kind === 'own') return sql<SqlBool>`${sql.ref(SYSTEM_COLUMN_MAP.createdBy)} = ${user.id}`;
  const column = columnsOf(entity).get(rule.field)?.column;
  const value = attrs[rule.attribute];
  // a field the definition no longer has, or a user without the attribute: no row
  if (!column || value === null || value === undefined || value === '') return NOTHING;
  const type = entity.def.schema.properties[rule.field]?.type;
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) return NOTHING;
    return sql<SqlBool>`${sql.ref(column)} = ${n}`;
  }
  return sql<SqlBool>`${sql.ref(column)} = ${String(value)}`;
}

/** The condition of the user's row rules on `entity`, or null when no rule holds it. */
export async function rowRuleCondition(
  db: Db,
  entity: Entity,
  user: CurrentUser | null,
): Promise<RawBuilder<SqlBool> | null> {
  if (!user) return null;
  const rules = await rowRulesFor(db, entity, user);
  if (!rules) return null;
  const attrs = await userAttributes(db, user);
  const parts = rules.map((r) => ruleSql(entity, r, user, attrs));
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
