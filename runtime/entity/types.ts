/** What the renderers need from the server for one entity; implemented over the pipeline. */
import type { EntityRow } from '../shared/definition';
import type { ListPage, ListRequest } from '../shared/envelope';
import type { AuditEntry } from '../shared/reports';
import type { EntityValues, ExportFormat } from '../shared/entityActions';

export type { EntityValues, ExportFormat } from '../shared/entityActions';

/** The grid's current sort and filter: Export sends every row they select (docs/api.md). */
export type ExportRequest = Pick<ListRequest, 'sortModel' | 'filterModel' | 'q' | 'ids'>;

/**
 * One method per action of runtime/shared/entityActions.ts, named `Uncapitalize<Action>`
 * (runtime/meta/entityClient.ts checks that the two lists are the same).
 */
export interface EntityClient {
  getList(request: ListRequest): Promise<ListPage<EntityRow>>;
  get(id: number): Promise<EntityRow>;
  /** The row for the print view: like `get`, but the server asks for the print permission. */
  print?(id: number): Promise<EntityRow>;
  create(values: EntityValues): Promise<EntityRow>;
  /** `version` is the one the user edited; a newer stored version makes the server answer 417. */
  update(id: number, version: number, values: EntityValues): Promise<EntityRow>;
  delete(id: number, version: number): Promise<void>;
  /** The file the server produces (CSV or XLSX); failures go through the error catalogue. */
  export(format: ExportFormat, request: ExportRequest): Promise<Blob>;
  /** The record's audit entries, newest first ({Module}/{Entity}/GetAudit). */
  getAudit?(id: number): Promise<AuditEntry[]>;
  /**
   * What saving `values` would store (new record; or the stored `row` by id and version), computed
   * by the server and not kept ({Module}/{Entity}/Preview); refused quietly (no error dialog).
   */
  preview?(values: EntityValues, row?: { id: number; version: number }): Promise<EntityRow>;
  /** Lifecycle (definitions with `lifecycle`): a draft becomes final ({Module}/{Entity}/Finalise). */
  finalise?(id: number, version: number): Promise<EntityRow>;
  /** A final document is cancelled with `reason` ({Module}/{Entity}/Cancel). */
  cancel?(id: number, version: number, reason: string): Promise<EntityRow>;
  /** A new draft copy of a cancelled document ({Module}/{Entity}/Amend). */
  amend?(id: number): Promise<EntityRow>;
  /** The values of a new draft made from final document `source` (docs/chain.md). */
  createFrom?(source: number): Promise<EntityValues>;
}
