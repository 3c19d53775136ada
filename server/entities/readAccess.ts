/**
 * What a caller may read of an entity's rows beyond the role's `view` permission, for every list
 * query (GetList, Export, reports: listQuery) and for Get:
 * - the fields a filter or sort may not name: those hidden from the caller's role (a filter or sort
 *   on one finds its values by bisection);
 * - the audit trail screen (management.auditLog, a view over audit_log) shows only entries of
 *   entities the caller may view (and, for a vendor/customer user, none of the entities scoped to
 *   its kind, and none of the entities its roles' row rules hold), with the diffs of the fields hidden from the caller left out, as GetAudit does;
 *   its `changes` text cannot be filtered or sorted on while the role has hidden fields anywhere.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { FieldDiff } from '../../runtime/shared/reports';
import { cached } from '../security/accessCache';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { partyKind, permissionsByEntity } from '../security/permissions';
import { scopedFor } from '../../runtime/shared/scope';
import { rowRulesFor } from '../security/rowRules';
import type { Row } from './rows';

export const AUDIT_LOG = 'management.auditLog';
/** The audit view's columns (server/management/migration.ts). */
const ENTITY_KEY = 'entityKey';
const CHANGES = 'changes';

/** Entity keys whose audit entries the caller may read. */
async function auditableKeys(ctx: AppContext, user: CurrentUser): Promise<Set<string>> {
  const perms = await permissionsByEntity(ctx, user);
  const kind = partyKind(user);
  const out = new Set<string>();
  for (const [key, p] of perms) {
    if (!p.view) continue;
    const entity = ctx.registry.byEntityKey(key);
    // entities whose rows it reads in part (party scope, row rules): none of their entries
    if (!entity || scopedFor(entity.def, kind) || (await rowRulesFor(ctx.db, entity, user))) continue;
    out.add(key);
  }
  return out;
}

async function roleHidesAnything(ctx: AppContext, user: CurrentUser): Promise<boolean> {
  const rows = await cached(ctx.db, ['field_permissions'], `anyHidden:${user.role}`, () =>
    ctx.db
      .selectFrom('field_permissions')
      .select('entity')
      .where('role', '=', user.role)
      .where('mode', '=', 'hidden')
      .limit(1)
      .execute(),
  );
  return rows.length > 0;
}

/** Fields of `entity` a filter or sort of this caller may not name. */
export async function unqueryableFields(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
): Promise<Set<string>> {
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  if (entity.key === AUDIT_LOG && (await roleHidesAnything(ctx, user))) hidden.add(CHANGES);
  return hidden;
}

/** The row condition reads of `entity` add for this caller (beyond the party scope), or null. */
export async function readCondition(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
): Promise<RawBuilder<SqlBool> | null> {
  if (entity.key !== AUDIT_LOG) return null;
  const keys = [...(await auditableKeys(ctx, user))];
  if (keys.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(ENTITY_KEY)} in (${sql.join(keys)})`;
}

function parseDiff(text: unknown): FieldDiff | null {
  if (typeof text !== 'string') return null;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as FieldDiff) : null;
  } catch {
    return null;
  }
}

/**
 * Rows of `entity` as this caller may read them: audit entries of entities it may not view are
 * dropped, the diffs of fields hidden from it left out. Other entities' rows pass unchanged.
 */
export async function readableRows(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  rows: Row[],
): Promise<Row[]> {
  if (entity.key !== AUDIT_LOG || rows.length === 0) return rows;
  const keys = await auditableKeys(ctx, user);
  const hiddenBy = new Map<string, Set<string>>();
  const out: Row[] = [];
  for (const row of rows) {
    const key = row[ENTITY_KEY];
    const target = typeof key === 'string' && keys.has(key) ? ctx.registry.byEntityKey(key) : undefined;
    if (!target) continue;
    let hidden = hiddenBy.get(target.key);
    if (!hidden) {
      hidden = hiddenOf(await fieldModes(ctx, user, target));
      hiddenBy.set(target.key, hidden);
    }
    if (hidden.size === 0) {
      out.push(row);
      continue;
    }
    // a diff that cannot be read cannot be shown without its hidden fields: none is shown
    const diff = parseDiff(row[CHANGES]);
    if (!diff) {
      out.push({ ...row, [CHANGES]: null });
      continue;
    }
    const kept = Object.entries(diff).filter(([field]) => !hidden.has(field));
    out.push({ ...row, [CHANGES]: JSON.stringify(Object.fromEntries(kept)) });
  }
  return out;
}
