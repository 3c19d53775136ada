/** buildApp: a ready Fastify instance (database migrated, tables synced, seeded) for main.ts and tests. */
import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { loadConfig, normaliseDatabaseUrl, type RateLimitConfig, type ServerConfig } from './config';
import type { AppContext } from './context';
import { BUSY_TIMEOUT_MS, openDatabase } from './db/connection';
import type { SystemTables } from './db/types';
import { syncEntityTables, type UniqueSkipped } from './db/entityTables';
import { copyRetyped, keepRetypedColumns, type Retyped } from './db/retype';
import type { Untyped } from './db/untyped';
import { migrate } from './db/migrations';
import { seed } from './demo/seed';
import { syncAdminPermissions } from './security/adminPermissions';
import { backfillDocStates } from './entities/lifecycleBackfill';
import { showLicence } from './entities/gates';
import { loadDefinitions } from './definitions/load';
import { Registry } from './definitions/registry';
import { authPlugin } from './auth/plugin';
import { installErrorHandlers, routerErrors } from './http/errorHandler';
import { answerHeaders, installSecurityHeaders, securityHeaders } from './http/securityHeaders';
import { installBodyGuard } from './http/bodyGuard';
import { requestLang } from './i18n';
import { accountPlugin } from './security/account';
import { tenantsPlugin } from './security/tenants';
import { securityPlugin } from './security/routes';
import { metaPlugin } from './meta/routes';
import { managementPlugin } from './management/routes';
import { entityPlugin } from './entities/routes';
import { gridViewsPlugin } from './gridViews/routes';
import { lowcodePlugin, registryInForce, syncPseudoPermissions } from './lowcode/plugin';
import { reportsPlugin } from './reports/routes';
import { reportDefinitionsPlugin } from './reportDefs/routes';
import { loadReportDefinitions } from './reportDefs/load';
import { ReportRegistry } from './reportDefs/registry';
import { entityKey } from './definitions/registry';
import { operationsPlugin } from './operations/routes';
import { treasuryPlugin } from './treasury/routes';
import { chainPlugin } from './chain/routes';
import { accountingPlugin } from './accounting/routes';
import { attachmentsPlugin } from './attachments/routes';
import { importsPlugin } from './imports/routes';
import { installAttachmentSweep } from './attachments/sweep';
import { claimAttachmentRows } from './attachments/links';
import { nextTurn } from './http/turns';
import { registerStockEffect } from './inventory/stockEffect';
import { registerCreditEffect } from './accounting/creditEffect';
import { registerChainEffect } from './chain/chainEffect';
import { registerAccountingEffects } from './accounting';
import { backfillSettlements, registerAllocationEffect } from './treasury/allocations';
import { backfillDetailAccounts } from './accounting/detailAccounts';
import { registerAutomationEffect } from './automations/effect';
import { notificationsPlugin } from './automations/routes';
import { installAutomationTick } from './automations/scheduler';
import { printPlugin } from './print/plugin';
import { installPidHeader, joinDatabase } from './cluster/install';
import { runsHousekeeping } from './cluster/settings';

export interface BuildOptions {
  /** Overrides of the environment configuration (tests pass databaseUrl, jwtSecret, …). */
  config?: Partial<Omit<ServerConfig, 'rateLimit'>> & { rateLimit?: Partial<RateLimitConfig> };
  env?: NodeJS.ProcessEnv;
  /** Fastify logger; false in tests. */
  logger?: boolean;
  /** Folder of definitions (default schemas/). */
  definitionsDir?: string;
}

const STARTUP_LOCK = 74051405;
/** How long a process starting on SQLite waits for another's start (busy_timeout, ms). */
const STARTUP_WAIT_MS = 120_000;

/**
 * Answers, for the log, the columns retyped to match their definitions (server/db/retype.ts) and
 * the unique indexes left out for duplicates already stored (server/db/entityTables.ts).
 */
async function prepare(ctx: AppContext): Promise<{ retyped: Retyped[]; skipped: UniqueSkipped[] }> {
  await migrate(ctx.db as unknown as Kysely<unknown>, ctx.dialect);
  // on SQLite, a process starting beside another waits for the other's start, however long it takes
  const sqlite = ctx.dialect === 'sqlite';
  if (sqlite) await sql`pragma busy_timeout = ${sql.raw(String(STARTUP_WAIT_MS))}`.execute(ctx.db);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // two processes starting on one database create tables and seed one after the other: on
      // PostgreSQL by an advisory lock; on SQLite the first statement writes, so the transaction
      // holds the write lock from its start (a transaction that read first could not take it once
      // the other process wrote: SQLITE_BUSY at once, «database is locked»)
      if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`.execute(trx);
      else await sql`update kysely_migration_lock set is_locked = is_locked`.execute(trx);
      return startupInTransaction(trx, ctx);
    });
  } finally {
    if (sqlite) await sql`pragma busy_timeout = ${sql.raw(String(BUSY_TIMEOUT_MS))}`.execute(ctx.db);
  }
}

/** The startup's work in one transaction: definitions in force, tables, seed, backfills, permissions. */
async function startupInTransaction(
  trx: Transaction<SystemTables>,
  ctx: AppContext,
): Promise<{ retyped: Retyped[]; skipped: UniqueSkipped[] }> {
  // published definitions (server/lowcode) override the shipped files
  ctx.registry = await registryInForce(trx, ctx);
  const db = trx as unknown as Untyped;
  const pending = await keepRetypedColumns(db, ctx.dialect, ctx.registry.all());
  const skipped = await syncEntityTables(trx, ctx.dialect, ctx.registry.all());
  const retyped = await copyRetyped(db, ctx.dialect, pending);
  await seed(trx, ctx);
  // rows without a lifecycle state (older rows, seeded drafts) are drafts
  await backfillDocStates(db, ctx.registry);
  // master rows without their floating detail account get one (server/accounting/detailAccounts.ts)
  await backfillDetailAccounts(db, ctx.dialect, ctx.registry);
  // documents others allocate to start whole (server/treasury/allocations.ts)
  await backfillSettlements(db, ctx.registry);
  // files named by rows before files had an owning row get one (attachments/links.ts)
  await claimAttachmentRows(trx, ctx.registry);
  await showLicence(trx, ctx);
  await syncAdminPermissions(trx, ctx.registry);
  await syncPseudoPermissions(trx);
  return { retyped, skipped };
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const base = loadConfig({
    ...(options.env ?? process.env),
    ...(options.config?.jwtSecret ? { JWT_SECRET: 'x' } : {}),
  });
  const config: ServerConfig = {
    ...base,
    ...options.config,
    rateLimit: { ...base.rateLimit, ...options.config?.rateLimit },
  } as ServerConfig;
  config.databaseUrl = normaliseDatabaseUrl(config.databaseUrl);
  // the credit check first (it reads the party's balance before this document posts, and a
  // refusal moves no stock), then stock: the posting of a document reads the costs its stock moved
  registerCreditEffect();
  // the chain before stock: a return's lines take the cost their source lines moved at (docs/chain.md)
  registerChainEffect();
  registerStockEffect();
  registerAccountingEffects();
  registerAllocationEffect();
  // last: the automations see the document as every other effect left it (docs/automations.md)
  registerAutomationEffect();
  const definitionFiles = loadDefinitions(options.definitionsDir);
  const registry = new Registry(definitionFiles);
  // report definitions name entities of the shipped files (schemas/reports/, server/reportDefs/)
  const reportWarnings: string[] = [];
  const reports = new ReportRegistry(
    loadReportDefinitions(options.definitionsDir, new Set(definitionFiles.map(entityKey)), (w) =>
      reportWarnings.push(w),
    ),
  );
  const database = openDatabase(config.databaseUrl);
  // in a cluster, writes are told to the other processes from the first (server/cluster/)
  joinDatabase(database.db);
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    registry,
    config,
    definitionFiles,
    reports,
  };

  const staticDir = existsSync(config.staticDir) ? config.staticDir : null;
  const headers = securityHeaders(staticDir, options.env ?? process.env);
  const app = Fastify({
    logger: options.logger === false ? false : { level: 'info', redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // router refusals (long path segment, bad escape) answer the envelope too
    frameworkErrors: routerErrors((url) => answerHeaders(headers, url)),
  });
  app.decorate('ctx', ctx);
  installPidHeader(app, options.env ?? process.env);
  app.decorateRequest('lang', 'fa');
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req.headers['accept-language']);
  });
  // handlers start one per event-loop turn, in arrival order (server/http/turns.ts)
  app.addHook('preHandler', nextTurn);
  app.addHook('onClose', async () => database.close());

  for (const w of reportWarnings) app.log.warn(w);
  try {
    const { retyped, skipped } = await prepare(ctx);
    for (const r of retyped)
      app.log.warn(
        r,
        `column ${r.table}.${r.column} retyped to ${r.to.kind} (${r.to.storage}): ${r.copied} values converted, ${r.left} kept only in ${r.kept}`,
      );
    for (const u of skipped)
      app.log.warn(
        u,
        `unique index on ${u.table}.${u.field}${u.scope.length ? ` per ${u.scope.join(', ')}` : ''} not created: rows hold duplicate values; resolve them and restart`,
      );
  } catch (e) {
    await database.close();
    throw e;
  }

  installSecurityHeaders(app, headers);
  installBodyGuard(app);
  await app.register(formbody);
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, index: 'index.html' });
  else
    app.log.warn(
      `Static folder ${config.staticDir} is missing: the API runs, the client is not served (run npm run build).`,
    );
  installErrorHandlers(app, staticDir);
  await app.register(async (scope) => {
    await authPlugin(scope);
    await securityPlugin(scope);
    await accountPlugin(scope);
    await tenantsPlugin(scope);
    await metaPlugin(scope);
    await managementPlugin(scope);
    await reportsPlugin(scope);
    await reportDefinitionsPlugin(scope);
    await lowcodePlugin(scope);
    await gridViewsPlugin(scope);
    await entityPlugin(scope);
    await operationsPlugin(scope);
    await treasuryPlugin(scope);
    await chainPlugin(scope);
    await accountingPlugin(scope);
    await attachmentsPlugin(scope);
    await notificationsPlugin(scope);
    await importsPlugin(scope);
    await printPlugin(scope);
  });
  // one process of a cluster sweeps (server/cluster/settings.ts)
  if (runsHousekeeping(options.env ?? process.env)) installAttachmentSweep(app);
  installAutomationTick(app, options.env ?? process.env);
  await app.ready();
  return app;
}
