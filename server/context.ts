/** What every plugin shares: database, definitions, configuration. Decorated on the Fastify instance as `ctx`. */
import type { Kysely } from 'kysely';
import type { EntityDefinition, Lang } from '../runtime/shared/definition';
import type { ServerConfig } from './config';
import type { Registry } from './definitions/registry';
import type { ReportRegistry } from './reportDefs/registry';
import type { Dialect, SystemTables } from './db/types';

export interface AppContext {
  db: Kysely<SystemTables>;
  dialect: Dialect;
  /** Swapped (never mutated) when a low-code publish or rollback rebuilds it: read it per request. */
  registry: Registry;
  config: ServerConfig;
  /** The shipped definitions (schemas/), under the published database versions (server/lowcode). */
  definitionFiles?: EntityDefinition[];
  /** Report definitions (schemas/reports/, server/reportDefs/), loaded at start. */
  reports: ReportRegistry;
}

/** The signed-in user of a business call, read from the database on each call. */
export interface CurrentUser {
  id: number;
  username: string;
  displayName: string;
  role: string;
  isVendor: boolean;
  isCustomer: boolean;
  partyId: number | null;
  /** Token claim pwdChange or the stored must_change_password flag. */
  pwdChange: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    lang: Lang;
  }
}
