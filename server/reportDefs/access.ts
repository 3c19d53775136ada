/**
 * Who may run a report, on what rows, seeing which fields:
 * - staff-like users need `view` (Export: also `export`) on the report's `entity`;
 * - a vendor/customer user may run only reports with a `scope` that an admin granted it in its
 *   menu access (key `report:{module}.{name}`, Security/MenuAccess/Save), holding `view`
 *   (`export`) on its own party entity (the definition whose scope is its kind on `id`), and only
 *   over its party row's detail account (`detailAccount`), forced into the scope parameter;
 *   without one it is refused (403);
 * - a row field drawn from a field of the entity hidden from the caller's role (the source's
 *   `reads`) is left out of the definition, the rows, the totals and the file; a parameter that
 *   would filter on such a field is refused (400 naming it);
 * - a user whose roles have row rules (docs/security.md) runs only `entity.rows` reports (GetList's
 *   query, the rules inside it); ledger and stock sources sum every document's entries: 403.
 */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportDefinition } from '../../runtime/shared/reportDefinition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { hiddenFieldError } from '../entities/filters';
import { forbidden, unknownEntity } from '../http/errors';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { reportSlotKey } from '../security/menuLayout';
import { menuAccess, partyKind, permissionsByEntity } from '../security/permissions';
import { hasRowRules } from '../security/rowRules';
import type { ReportSource } from './source';
import { SOURCES } from './sources';

/** The field of a party row holding its detail account (accounting.detailAccount). */
export const PARTY_DETAIL_FIELD = 'detailAccount';

/** The source listing the entity's own rows with GetList's query (row scope and row rules in it). */
const ROWS_SOURCE = 'entity.rows';

export interface ReportAccess {
  entity: Entity;
  source: ReportSource;
  /** Parameters held to a value (the scope parameter of a vendor/customer user). */
  forced: Record<string, unknown>;
  /** Row fields left out for the caller. */
  hidden: Set<string>;
  /** Fields of the entity hidden from the caller. */
  hiddenEntityFields: Set<string>;
}

/** The entity of a party kind's own rows (scope `party: "id"`), e.g. sales.customer. */
export function partyEntity(ctx: AppContext, kind: 'vendor' | 'customer'): Entity | undefined {
  return ctx.registry.all().find((e) => e.def.scope?.partyKind === kind && e.def.scope.party === 'id');
}

/** The detail account of the user's party row, or null. */
async function partyDetail(ctx: AppContext, entity: Entity, partyId: number | null): Promise<number | null> {
  if (partyId === null || !Object.hasOwn(entity.def.schema.properties, PARTY_DETAIL_FIELD)) return null;
  const row = (await (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(PARTY_DETAIL_FIELD)
    .where('id', '=', partyId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const v = row?.[PARTY_DETAIL_FIELD];
  return v === null || v === undefined ? null : Number(v);
}

/** The other entities a report's source shows rows of (ReportSource.alsoReads). */
const alsoReads = (def: ReportDefinition): readonly string[] => SOURCES.get(def.source)?.alsoReads ?? [];

/** Whether the report shows in the user's menu (permissions only; the detail account is checked on run). */
export async function mayOpen(
  ctx: AppContext,
  user: CurrentUser,
  def: ReportDefinition,
  perms?: Awaited<ReturnType<typeof permissionsByEntity>>,
): Promise<boolean> {
  const all = perms ?? (await permissionsByEntity(ctx, user));
  if (def.source !== ROWS_SOURCE && (await hasRowRules(ctx.db, user))) return false;
  const kind = partyKind(user);
  if (!kind)
    return (
      !!ctx.registry.byEntityKey(def.entity) &&
      [def.entity, ...alsoReads(def)].every((key) => !!all.get(key)?.view)
    );
  const own = partyEntity(ctx, kind);
  if (!def.scope || !own || !all.get(own.key)?.view || !ctx.registry.byEntityKey(def.entity)) return false;
  return (await menuAccess(ctx, user)).has(reportSlotKey(def));
}

export async function reportAccess(
  ctx: AppContext,
  user: CurrentUser,
  def: ReportDefinition,
  action: 'view' | 'export',
): Promise<ReportAccess> {
  const entity = ctx.registry.byEntityKey(def.entity);
  const source = SOURCES.get(def.source);
  if (!entity || !source) throw unknownEntity();
  const perms = await permissionsByEntity(ctx, user);
  const kind = partyKind(user);
  const forced: Record<string, unknown> = {};
  if (kind) {
    const own = partyEntity(ctx, kind);
    if (!def.scope || !own || !perms.get(own.key)?.[action] || !perms.get(own.key)?.view) throw forbidden();
    if (!(await menuAccess(ctx, user)).has(reportSlotKey(def))) throw forbidden();
    const detail = await partyDetail(ctx, own, user.partyId);
    if (detail === null) throw forbidden();
    forced[def.scope.detail] = detail;
  } else {
    for (const key of [entity.key, ...(source.alsoReads ?? [])]) {
      const p = perms.get(key);
      if (!p?.view || !p[action]) throw forbidden();
    }
  }
  // a source reading ledgers or stock sums the entries of every document that fed them (a stock
  // move outside the caller's warehouse rule, a voucher outside its branch rule): it cannot hold
  // row rules, so a user whose roles have any is refused it; `entity.rows` holds them (GetList)
  if (source.name !== ROWS_SOURCE && (await hasRowRules(ctx.db, user))) throw forbidden();
  const hiddenEntityFields = hiddenOf(await fieldModes(ctx, user, entity));
  const hidden = new Set(
    source.fields(def.options ?? {}).filter((f) => source.reads(f).some((r) => hiddenEntityFields.has(r))),
  );
  return { entity, source, forced, hidden, hiddenEntityFields };
}

/** 400 when a given parameter filters on a field hidden from the caller. */
export function checkParamFields(access: ReportAccess, params: Record<string, unknown>, lang: Lang): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || Object.hasOwn(access.forced, name)) continue;
    if (access.source.reads(name).some((r) => access.hiddenEntityFields.has(r)))
      throw hiddenFieldError(lang, name);
  }
}
