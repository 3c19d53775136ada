/**
 * Chart of accounts (accounting.account): `level` follows the parent (top accounts are level 1);
 * a parent cannot be the account itself or one of its sub-accounts, and an account with
 * sub-accounts cannot be deleted (417 with Data.BusinessErrors).
 */
import type { Untyped } from '../../db/untyped';
import { businessRefusal } from './business';
import type { EntityRule } from './types';

const MAX_DEPTH = 6;

export const accountTreeRule: EntityRule = {
  name: 'accountTree',
  async run({ trx, action, before, values, entity }) {
    const db = trx as unknown as Untyped;
    if (action === 'delete') {
      const child = await db
        .selectFrom(entity.table)
        .select('id')
        .where('parent', '=', Number(before?.id))
        .limit(1)
        .executeTakeFirst();
      if (child) throw businessRefusal('errors.AccountHasSubAccounts', () => ({ name: before?.name }));
      return values;
    }
    if (!values) return values;
    const parentId = typeof values.parent === 'number' ? values.parent : null;
    if (parentId === null) return { ...values, level: 1 };
    let level = 1;
    for (let id: number | null = parentId; id !== null; level++) {
      if (before && id === before.id) throw businessRefusal('errors.AccountParentCycle');
      if (level > MAX_DEPTH) throw businessRefusal('errors.AccountTooDeep', () => ({ max: MAX_DEPTH }));
      const row = (await db
        .selectFrom(entity.table)
        .select(['id', 'parent'])
        .where('id', '=', id)
        .executeTakeFirst()) as { parent: unknown } | undefined;
      if (!row) throw businessRefusal('errors.AccountParentMissing');
      id = typeof row.parent === 'number' ? row.parent : row.parent == null ? null : Number(row.parent);
    }
    return { ...values, level };
  },
};
