/**
 * An entity rule: business behaviour one entity declares (a chart of accounts is a tree, an
 * invoice gets its promotions, a stock count needs an open stock-taking), run by the write pipeline's
 * `entityRules` step (../write/steps/entityRules.ts) inside the write's transaction, after the
 * workflow and before the row is stored. A rule returns the values to store (changed or not), or
 * throws an HttpError to refuse the write (the whole transaction rolls back).
 */
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../context';
import type { SystemTables } from '../../db/types';
import type { Row } from '../rows';
import type { Lines } from '../document';
import type { Entity, Registry } from '../../definitions/registry';
import type { Lang } from '../../../runtime/shared/definition';

export type WriteAction = 'create' | 'update' | 'delete';

export interface RuleContext {
  trx: Transaction<SystemTables> | Kysely<SystemTables>;
  action: WriteAction;
  user: CurrentUser | null;
  /** API row before the write (null on create). */
  before: Row | null;
  /** Validated values about to be written (null on delete). */
  values: Row | null;
  /** Validated document lines by child name (empty on delete and for entities without lines). */
  lines: Lines;
  entity: Entity;
  /** Every entity in force (a declared rule reads the rows a lookup names: a line's item, its tax code). */
  registry: Registry;
  /** The secret fields' values taken out of the request (../secrets.ts); never stored. */
  secrets: Row;
  /** Language of the request, for the rule's 417 texts. */
  lang: Lang;
  /** The write is an effect of another document's write (a posted voucher), not a user's. */
  byEffect?: boolean;
}

export interface EntityRule {
  /** Names the rule in docs and errors of tests. */
  name: string;
  /** The values to store (null on delete), or an HttpError thrown to refuse. */
  run(ctx: RuleContext): Promise<Row | null>;
  /** Fields whose values only this rule sees (../secrets.ts): never stored, audited, answered or evaluated. */
  secretFields?: readonly string[];
  /**
   * The rule computes values the user sees (not only refuses): the form asks the server's Preview
   * (write/preview.ts) for them while the user types, so it shows what a save would store.
   */
  computes?: true;
}
