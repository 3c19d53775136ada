/** First-start demo seed (idempotent: only when the users table is empty): demo rows, users, permissions. */
import type { Kysely } from 'kysely';
import { ENTITY_ACTIONS } from '../../runtime/shared/definition';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { FISCAL_PERIODS, demoCustomers, demoVendors } from './seedData';
import { BRANCHES, STOCK_TAKINGS } from './seedDocuments';
import type { RolePermissionsTable, SystemTables } from '../db/types';
import { permissionRow } from '../security/adminPermissions';
import { insertRows } from './seedInsert';
import { SEEDERS } from './seeders';
import { startSeriesPastRows } from '../numbering/series';
import type { Untyped } from '../db/untyped';

export async function seed(db: Kysely<SystemTables>, ctx: AppContext): Promise<void> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const vendorIds = await insertRows(db, ctx, 'supplyChain.vendor', demoVendors());
  const customerIds = await insertRows(db, ctx, 'sales.customer', demoCustomers());
  await insertRows(db, ctx, 'accounting.fiscalPeriod', FISCAL_PERIODS);
  await insertRows(db, ctx, 'systemConfig.branch', BRANCHES);
  await insertRows(db, ctx, 'inventory.stockTaking', STOCK_TAKINGS);
  // sales invoices and vouchers (F-1405-001, S-1405-001, …) come from server/demo/seeders/finance.ts

  const [h1, h2, h3, h4, h5] = await Promise.all(
    [1, 2, 3, 4, 5].map(() => hashPassword(ctx.config.demoPassword)),
  );
  const now = new Date().toISOString();
  const base = {
    is_vendor: 0,
    is_customer: 0,
    party_id: null,
    must_change_password: 0,
    disabled: 0,
    created_at: now,
  };
  await db
    .insertInto('users')
    .values([
      { ...base, username: 'admin', password_hash: h1 as string, display_name: 'مدیر سامانه', role: 'admin' },
      {
        ...base,
        username: 'staff',
        password_hash: h2 as string,
        display_name: 'کارشناس فروش',
        role: 'staff',
      },
      {
        ...base,
        username: 'vendor',
        password_hash: h3 as string,
        display_name: 'تأمین‌کننده نمونه',
        role: 'vendor',
        is_vendor: 1,
        party_id: vendorIds[0] ?? null,
      },
      {
        ...base,
        username: 'customer',
        password_hash: h4 as string,
        display_name: 'مشتری نمونه',
        role: 'customer',
        is_customer: 1,
        party_id: customerIds[0] ?? null,
      },
      {
        ...base,
        username: 'storekeeper',
        password_hash: h5 as string,
        display_name: 'انباردار',
        role: 'storekeeper',
      },
    ])
    .execute();
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  await db
    .insertInto('user_tenants')
    .values([
      ...users.map((u) => ({ user_id: Number(u.id), tenant: 'main' })),
      ...users.filter((u) => u.username === 'admin').map((u) => ({ user_id: Number(u.id), tenant: 'demo' })),
    ])
    .execute();

  const perms: RolePermissionsTable[] = [];
  // importing rows in bulk is the admin's to grant (docs/import.md): no demo role has it by default
  const STAFF_ACTIONS = ENTITY_ACTIONS.filter((a) => a !== 'import');
  for (const e of ctx.registry.all())
    if (e.def.module !== 'security') perms.push(permissionRow('staff', e.key, STAFF_ACTIONS));
  perms.push(permissionRow('vendor', 'supplyChain.vendor', ['view', 'edit', 'export', 'print']));
  perms.push(permissionRow('customer', 'sales.customer', ['view', 'edit', 'export', 'print']));
  // the storekeeper moves stock but may not run stock-taking (423 while one is open)
  perms.push(permissionRow('storekeeper', 'inventory.stockMove', STAFF_ACTIONS));
  perms.push(permissionRow('storekeeper', 'inventory.stockCount', STAFF_ACTIONS));
  perms.push(permissionRow('storekeeper', 'inventory.stockTaking', ['view']));
  await db.insertInto('role_permissions').values(perms).execute();
  await db
    .insertInto('menu_access')
    .values([
      { who: 'vendor', entity: 'supplyChain.vendor' },
      { who: 'customer', entity: 'sales.customer' },
    ])
    .execute();
  // each module's own demo rows, permissions and menu access (server/demo/seeders/)
  for (const seeder of SEEDERS) await seeder({ db, ctx, vendorIds, customerIds });
  // numbering series start past the demo's numbers (server/numbering/series.ts)
  for (const entity of ctx.registry.all())
    await startSeriesPastRows(db as unknown as Untyped, ctx.registry, entity);
}
