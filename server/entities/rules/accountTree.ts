/**
 * Chart of accounts (accounting.account): `level` follows the parent (top accounts are level 1:
 * group گروه, 2 general کل, 3 subsidiary معین — the only level vouchers post to); a parent cannot
 * be the account itself or one of its sub-accounts, nor a subsidiary account; an account with
 * sub-accounts cannot be deleted (417 with Data.BusinessErrors). Nature and statement default from
 * the kind; detail groups belong to subsidiary accounts (the second only after the first).
 */
import type { Untyped } from '../../db/untyped';
import { businessRefusal } from './business';
import { natureOf, statementOf } from '../../accounting/standardChart';
import type { Row } from '../rows';

/** Nature and statement from the kind when not given; detail groups only on subsidiary accounts. */
function completed(values: Row, level: number): Row {
  const out: Row = { ...values, level };
  const kind = String(values.kind ?? '');
  if (!out.nature) out.nature = natureOf(kind);
  if (!out.statement) out.statement = statementOf(kind);
  if (level !== MAX_DEPTH) {
    delete out.detail1Group;
    delete out.detail2Group;
  } else if (out.detail2Group && !out.detail1Group) throw businessRefusal('errors.AccountDetail2First');
  return out;
}
import type { EntityRule } from './types';

const MAX_DEPTH = 3;

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
    if (parentId === null) return completed(values, 1);
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
    // a subsidiary account (the last level) has no sub-accounts
    if (level > MAX_DEPTH) throw businessRefusal('errors.AccountTooDeep', () => ({ max: MAX_DEPTH }));
    return completed(values, level);
  },
};
