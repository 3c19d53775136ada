/**
 * Stock-taking (docs/api.md): while an inventory/stockTaking row has status `open`, changes to stock
 * moves by a user whose role may not edit inventory.stockTaking answer 423; stock counts can only
 * be written while a session is open (508 otherwise).
 */
import type { CurrentUser } from '../../context';
import { HttpError } from '../../http/errors';
import type { EntityRule, RuleContext } from './types';
import type { Untyped } from '../../db/untyped';

export const STOCK_TAKING_TABLE = 'e_inventory_stocktaking';
export const STOCK_TAKING_PERMISSION = { entity: 'inventory.stockTaking', action: 'can_edit' } as const;

async function sessionOpen(trx: RuleContext['trx']): Promise<boolean> {
  const row = await (trx as unknown as Untyped)
    .selectFrom(STOCK_TAKING_TABLE)
    .select('id')
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function mayTakeStock(trx: RuleContext['trx'], user: CurrentUser | null): Promise<boolean> {
  if (!user) return false;
  const row = await trx
    .selectFrom('role_permissions')
    .select(STOCK_TAKING_PERMISSION.action)
    .where('role', '=', user.role)
    .where('entity', '=', STOCK_TAKING_PERMISSION.entity)
    .executeTakeFirst();
  return Boolean(row?.[STOCK_TAKING_PERMISSION.action]);
}

/** Inventory-changing entities: refused during stock-taking to users without its permission. */
export const stockChangeRule: EntityRule = {
  name: 'stockChange',
  async run({ trx, user, values }) {
    if ((await sessionOpen(trx)) && !(await mayTakeStock(trx, user)))
      throw new HttpError(423, 'StockTakingInProgress');
    return values;
  },
};

/** Stock-taking-only entities: refused when no session is open. */
export const stockCountRule: EntityRule = {
  name: 'stockCount',
  async run({ trx, values }) {
    if (!(await sessionOpen(trx))) throw new HttpError(508, 'NotInStockTaking');
    return values;
  },
};
