/**
 * What a write (Create, Update, Delete of an entity row) carries through the pipeline
 * (pipeline.ts): the request, then what the steps find and decide, in one object each step reads
 * and changes in turn.
 */
import type { Transaction } from 'kysely';
import type { Lang } from '../../../runtime/shared/definition';
import type { PeriodRange } from '../../../runtime/shared/initialValues';
import type { LifecycleTransition } from '../../../runtime/shared/lifecycle';
import type { AppContext, CurrentUser } from '../../context';
import type { Entity } from '../../definitions/registry';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';
import type { FieldMode } from '../../security/fieldAccess';
import type { Message } from '../../i18n';
import type { Lines } from '../document';
import type { Row } from '../rows';
import type { WriteAction } from '../rules/types';
import type { StockCosts } from '../../inventory/stockCosts';

export type { WriteAction };

interface RequestBase {
  action: WriteAction;
  entity: Entity;
  /** Language of the answer's texts. */
  lang: Lang;
  /** The row written (update, delete). */
  id?: number;
  /** The version the writer read (update, delete): another one answers 409. */
  version?: number;
  /**
   * A lifecycle transition this Update makes (Finalise, Cancel: server/entities/lifecycleRoutes.ts):
   * the row keeps its stored values and lines, the lifecycle step moves its state, and every other
   * step (numbering, closed periods, effects, audit) sees `w.request.transition`.
   */
  transition?: LifecycleTransition;
  /** The reason of a `cancel` transition (stored in `cancelReason`). */
  reason?: string;
  /**
   * The fiscal period the caller selected (`selectedYear` header) for a Create of a dated entity:
   * the document's date, when not sent, defaults into it as the form's does (initialValues step).
   */
  period?: PeriodRange | null;
  /**
   * Written by an effect of another document's write (a posted voucher, a master row's detail
   * account: runWriteIn): the guards that keep users off such rows (Effect.guard) let it through.
   */
  byEffect?: boolean;
  /**
   * Where the write leaves what its answer must tell without refusing (a credit limit passed under
   * the setting `warn`, accounting/creditEffect.ts): steps and effects push their messages; the
   * route answers them in the Ok envelope (MessageTexts, Messages) once the write has committed.
   * Absent: nobody is told (a write of the server's own).
   */
  notices?: Message[];
}

/**
 * A write asked through the API: `input` is the request's `values` as sent (unknown until the
 * validate step); field modes, secret fields and validation apply.
 */
export interface ApiWrite extends RequestBase {
  source: 'api';
  user: CurrentUser;
  input: unknown;
  /** The caller's field modes, when the route has read them already (else read before the transaction). */
  modes?: Map<string, FieldMode>;
}

/**
 * A write of the server's own code (a computed payroll, a reset request): `values` and `lines` are
 * valid already (no field modes, no validation); every later step applies.
 */
export interface ServerWrite extends RequestBase {
  source: 'server';
  user: CurrentUser | null;
  values: Row | null;
  lines?: Lines;
  /** Secret fields for the entity's rules (../secrets.ts). */
  secrets?: Row;
}

export type WriteRequest = ApiWrite | ServerWrite;

export interface WriteState {
  readonly ctx: AppContext;
  readonly trx: Transaction<SystemTables>;
  /** The transaction, untyped: entity tables exist only at run time. */
  readonly db: Untyped;
  readonly request: WriteRequest;
  readonly entity: Entity;
  readonly action: WriteAction;
  readonly user: CurrentUser | null;
  readonly lang: Lang;
  /** Field modes of the caller (api writes; empty for the server's own). */
  readonly modes: Map<string, FieldMode>;
  /** The request's values on their way to validation (api writes; `values` after the validate step). */
  input: unknown;
  /** The row as stored before the write, as an API row (null on create): the load step. */
  before: Row | null;
  /** Its lines by child name (null on create): the load step. */
  linesBefore: Lines | null;
  /** The values about to be stored (null on delete). */
  values: Row | null;
  /** The document lines about to be stored, by child name (children absent are left alone). */
  lines: Lines;
  /** Secret fields' values, for the entity's rules only; never stored. */
  secrets: Row;
  /** The row as stored by the store step (API row, without lines; null on delete). */
  row: Row | null;
  /** Work to do once the transaction has committed (never when it rolls back): cache invalidation. */
  readonly afterCommit: (() => void)[];
  /**
   * What the stock effect of a finalised document took and added, per line and in all
   * (server/inventory/stockCosts.ts): the later effects (the posting) read it.
   */
  stockCosts?: StockCosts;
  /**
   * Runs another write of the server's own code through every step INSIDE this write's
   * transaction (pipeline.ts runWriteIn): an effect's voucher, a master row's detail account.
   */
  readonly writeIn: (request: ServerWrite) => Promise<Row | null>;
}

/**
 * One named step of the write pipeline. `on` lists the actions it runs for; `run` reads and changes
 * the state, or throws an HttpError (server/http/errors.ts) to refuse the write: the whole
 * transaction then rolls back and the error is the answer.
 */
export interface WriteStep {
  readonly name: string;
  readonly on: readonly WriteAction[];
  run(w: WriteState): Promise<void> | void;
}

export const ALL_ACTIONS: readonly WriteAction[] = ['create', 'update', 'delete'];
export const SAVES: readonly WriteAction[] = ['create', 'update'];
