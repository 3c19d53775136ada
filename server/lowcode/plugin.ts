/**
 * The low-code API (docs/lowcode-api.md): designer, roles and permissions, menu access and
 * layout, users. Also keeps this process's registry in step with publishes made by other
 * processes on the same database (checked at most every RELOAD_CHECK_MS, and on the next request
 * after a write to a watched table: in a cluster the other processes' publishes are told at once,
 * server/db/writeWatch.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { SystemTables } from '../db/types';
import { Registry } from '../definitions/registry';
import { writeWatchOf } from '../db/writeWatch';
import { securityAdminPlugin } from '../security/admin';
import { usersPlugin } from '../security/users';
import { rolesPlugin } from '../security/roles';
import { designerPlugin } from './designer';
import { automationChoicesPlugin } from './automationChoices';
import { files } from './publish';
import { definitionsInForce } from './store';
import { DESIGNER, SECURITY } from './pseudo';

const RELOAD_CHECK_MS = 2000;

/** Highest definition_versions id: it changes with every publish or rollback. */
async function stamp(db: Kysely<SystemTables>): Promise<number> {
  const row = await db
    .selectFrom('definition_versions')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The registry of the definitions in force (files overlaid by active database versions). */
export async function registryInForce(db: Kysely<SystemTables>, ctx: AppContext): Promise<Registry> {
  return new Registry(await definitionsInForce(db, files(ctx)), ctx.registry);
}

/** Admin holds `edit` and the rest on the pseudo-entities (like syncAdminPermissions for entities). */
export async function syncPseudoPermissions(db: Kysely<SystemTables>): Promise<void> {
  for (const entity of [DESIGNER, SECURITY]) {
    const have = await db
      .selectFrom('role_permissions')
      .select('role')
      .where('role', '=', 'admin')
      .where('entity', '=', entity)
      .executeTakeFirst();
    if (!have)
      await db
        .insertInto('role_permissions')
        .values({
          role: 'admin',
          entity,
          can_view: 1,
          can_create: 1,
          can_edit: 1,
          can_delete: 1,
          can_export: 1,
          can_print: 1,
          can_finalise: 1,
          can_cancel: 1,
          can_import: 1,
        })
        .execute();
  }
}

export async function lowcodePlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  let known = await stamp(ctx.db);
  let checkedAt = Date.now();
  const watch = writeWatchOf(ctx.db);
  watch?.tables.add('definition_versions');
  let seen = watch?.generation ?? 0;
  app.addHook('onRequest', async () => {
    const generation = watch?.generation ?? 0;
    if (generation === seen && Date.now() - checkedAt < RELOAD_CHECK_MS) return;
    seen = generation;
    checkedAt = Date.now();
    const now = await stamp(ctx.db);
    if (now === known) return;
    known = now;
    // the publishing process created the tables; here only the definitions change
    ctx.registry = await registryInForce(ctx.db, ctx);
  });
  await designerPlugin(app);
  await automationChoicesPlugin(app);
  await securityAdminPlugin(app);
  await usersPlugin(app);
  await rolesPlugin(app);
}
