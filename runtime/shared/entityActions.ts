/**
 * The generic actions of every entity, named once for both sides: POST /api/{Module}/{Entity}/{Action}.
 * Each action states the permission it needs (EntityAction of the role's entity permissions) and
 * the shapes of its request body and answer Data. The server's handler table
 * (server/entities/routes.ts) and the browser's entity client (runtime/meta/entityClient.ts) are
 * both exhaustive over these names: an action added here is a type error on both sides until each
 * has it.
 */
import type { EntityAction, EntityRow } from './definition';
import type { ListPage, ListRequest } from './envelope';
import type { AuditEntry } from './reports';

/** Values of a record as the form sends them (fields, and child tables as arrays of rows). */
export type EntityValues = Record<string, unknown>;

export type ExportFormat = 'csv' | 'xlsx';

/** Body of Export: the grid's current sort and filter (every row they select) and the file type. */
export interface ExportBody {
  format: ExportFormat;
  sortModel: NonNullable<ListRequest['sortModel']>;
  filterModel: NonNullable<ListRequest['filterModel']>;
  /** The grid's quick search, when one is typed. */
  q?: string;
  /** Only the ticked rows (export selected). */
  ids?: number[];
}

/** Request body and answer Data of each action (Export answers a file, not an envelope). */
export interface EntityActionWire {
  GetList: { request: ListRequest; answer: ListPage<EntityRow> };
  Get: { request: { id: number }; answer: EntityRow };
  /** Like Get, but needs the print permission: a role that may view and not print gets 403. */
  Print: { request: { id: number }; answer: EntityRow };
  Create: { request: { values: EntityValues }; answer: EntityRow };
  /** `version` is the one the user edited; a newer stored version is a 417 conflict. */
  Update: { request: { id: number; version: number; values: EntityValues }; answer: EntityRow };
  Delete: { request: { id: number; version: number }; answer: null };
  Export: { request: ExportBody; answer: Blob };
  /** The record's audit entries, newest first. */
  GetAudit: { request: { id: number }; answer: AuditEntry[] };
  /**
   * What a Create (no id) or an Update (id and version) of `values` would store, computed by the
   * server's own write steps and never kept (the form shows it before saving). Needs `view` here and
   * the create or edit permission of the write it previews.
   */
  Preview: { request: { id?: number; version?: number; values: EntityValues }; answer: EntityRow };
  /** A draft document becomes final (definitions with `lifecycle`; runtime/shared/lifecycle.ts). */
  Finalise: { request: { id: number; version: number }; answer: EntityRow };
  /** A final document is cancelled, with a reason of 3–400 characters; it is never deleted. */
  Cancel: { request: { id: number; version: number; reason: string }; answer: EntityRow };
  /** A new draft copy (with its lines) of a cancelled document, `amendedFrom` naming it. */
  Amend: { request: { id: number }; answer: EntityRow };
  /**
   * The values of a new draft made from the final document `source` of the entity this one's
   * definition declares in `source` (runtime/shared/chain.ts, docs/chain.md): carried fields and the
   * outstanding lines, nothing stored. Needs `create` here and `view` of the source, within its row scope.
   */
  CreateFrom: { request: { source: number }; answer: EntityValues };
}

export type EntityActionName = keyof EntityActionWire;

/** The permission each action needs. A mapped type: every action must appear, nothing else may. */
export const ENTITY_ACTION_PERMISSION: { readonly [A in EntityActionName]: EntityAction } = {
  GetList: 'view',
  Get: 'view',
  Print: 'print',
  Create: 'create',
  Update: 'edit',
  Delete: 'delete',
  Export: 'export',
  GetAudit: 'view',
  Preview: 'view',
  Finalise: 'finalise',
  Cancel: 'cancel',
  Amend: 'create',
  CreateFrom: 'create',
};

/** Every action name, in the order above. */
export const ENTITY_ACTION_NAMES = Object.keys(ENTITY_ACTION_PERMISSION) as EntityActionName[];

/** Names by their lower-case spelling: a Map, so `constructor` or `__proto__` name nothing. */
const BY_LOWER: ReadonlyMap<string, EntityActionName> = new Map(
  ENTITY_ACTION_NAMES.map((name) => [name.toLowerCase(), name]),
);

/** The action a URL segment names, whatever its case; null for anything else. */
export function entityActionOf(segment: string): EntityActionName | null {
  return BY_LOWER.get(segment.toLowerCase()) ?? null;
}

/** The entity client's method of an action: `GetList` → `getList`. */
export type EntityClientMethod<A extends EntityActionName = EntityActionName> = Uncapitalize<A>;

export function entityClientMethod<A extends EntityActionName>(action: A): EntityClientMethod<A> {
  return (action.charAt(0).toLowerCase() + action.slice(1)) as EntityClientMethod<A>;
}
