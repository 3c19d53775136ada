/** What a module seeder is handed and is (its own file, so the seeders and their list do not import each other). */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { SystemTables } from '../../db/types';

export interface SeedContext {
  db: Kysely<SystemTables>;
  ctx: AppContext;
  /** Ids of the demo vendors and customers (supplyChain.vendor, sales.customer), in seed order. */
  vendorIds: number[];
  customerIds: number[];
}

export type Seeder = (seed: SeedContext) => Promise<void>;
