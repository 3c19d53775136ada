/**
 * The demo analyst (docs/lowcode-api.md): user `analyst`, role `analyst`, with the designer
 * (edit on the pseudo-entity systemConfig.designer), view on every shipped entity outside
 * security (to design against real data) and, through publishing, every action on the entities
 * it creates (server/lowcode/publish.ts). Admin's pseudo-entity rows come from
 * syncPseudoPermissions at every start.
 */
import { ENTITY_ACTIONS } from '../../../runtime/shared/definition';
import { hashPassword } from '../../auth/password';
import { DESIGNER } from '../../lowcode/pseudo';
import { grant } from './perms';
import type { Seeder } from './seeder';

export const seedLowcode: Seeder = async ({ db, ctx }) => {
  const row = await db
    .insertInto('users')
    .values({
      username: 'analyst',
      password_hash: await hashPassword(ctx.config.demoPassword),
      display_name: 'تحلیلگر سامانه',
      role: 'analyst',
      is_vendor: 0,
      is_customer: 0,
      party_id: null,
      must_change_password: 0,
      disabled: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_tenants')
    .values({ user_id: Number(row.id), tenant: 'main' })
    .execute();
  await grant(db, 'analyst', DESIGNER, ENTITY_ACTIONS);
  for (const e of ctx.registry.all())
    if (e.def.module !== 'security') await grant(db, 'analyst', e.key, ['view']);
  // the analyst builds reports and dashboards (report builder, docs/api.md)
  for (const key of ['report.analysis', 'report.board'])
    if (ctx.registry.byEntityKey(key)) await grant(db, 'analyst', key, ENTITY_ACTIONS);
};
