/**
 * Rationing (rationing.quota) on sales invoices: for each quota of the invoice's customer whose
 * dates contain the invoice date, the quantity of that item on the customer's invoices in the
 * quota's dates (this one included, as it will be stored) may not exceed maxQuantity; otherwise
 * 417 with Data.BusinessErrors naming the item and the quantity still available.
 */
import type { Untyped } from '../../db/untyped';
import type { Row } from '../rows';
import { businessRefusal, quantityText } from './business';
import type { EntityRule } from './types';

export const QUOTA_TABLE = 'e_rationing_quota';
export const ITEM_TABLE = 'e_inventory_item';

interface Quota {
  item: number;
  startDate: string;
  endDate: string;
  maxQuantity: number;
}

async function itemName(db: Untyped, id: number): Promise<string> {
  const row = (await db.selectFrom(ITEM_TABLE).select('name').where('id', '=', id).executeTakeFirst()) as
    { name: unknown } | undefined;
  return row ? String(row.name) : `#${id}`;
}

export const rationingRule: EntityRule = {
  name: 'rationing',
  async run({ trx, action, before, values, lines, entity }) {
    if (action === 'delete' || !values || typeof values.date !== 'string') return values;
    const customer = Number(values.customer);
    const db = trx as unknown as Untyped;
    const quotas = (await db
      .selectFrom(QUOTA_TABLE)
      .select(['item', 'startDate', 'endDate', 'maxQuantity'])
      .where('customer', '=', customer)
      .where('startDate', '<=', values.date)
      .where('endDate', '>=', values.date)
      .execute()) as Quota[];
    const child = entity.children.find((c) => c.name === 'lines');
    if (quotas.length === 0 || !child) return values;
    const asked = new Map<number, number>();
    for (const line of (lines.lines ?? []) as Row[])
      asked.set(Number(line.item), (asked.get(Number(line.item)) ?? 0) + Number(line.quantity ?? 0));
    for (const quota of quotas) {
      const item = Number(quota.item);
      const wanted = asked.get(item) ?? 0;
      if (wanted <= 0) continue;
      let used = db
        .selectFrom(`${child.table} as l`)
        .innerJoin(`${entity.table} as d`, 'd.id', 'l.parent_id')
        .select((eb) => eb.fn.sum('l.quantity').as('q'))
        .where('l.item', '=', item)
        .where('d.customer', '=', customer)
        .where('d.date', '>=', quota.startDate)
        .where('d.date', '<=', quota.endDate);
      if (before) used = used.where('d.id', '!=', Number(before.id));
      const sold = Number(((await used.executeTakeFirst()) as { q: unknown } | undefined)?.q ?? 0);
      const max = Number(quota.maxQuantity);
      if (sold + wanted > max) {
        const name = await itemName(db, item);
        const remaining = Math.max(0, max - sold);
        throw businessRefusal('errors.QuotaExceeded', (lang) => ({
          item: name,
          remaining: quantityText(remaining, lang),
          asked: quantityText(wanted, lang),
        }));
      }
    }
    return values;
  },
};
