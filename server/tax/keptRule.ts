/**
 * The `kept` declaration applied (runtime/shared/kept.ts, docs/tax.md): on each save of a draft and
 * on Finalise the server copies the declared values from the row a lookup names (the buyer's
 * economic code from the customer) and from settings (the seller's, from the company settings);
 * what the client sent for them is not taken. A final or cancelled document keeps what it had.
 */
import { docStateOf } from '../../runtime/shared/lifecycle';
import { settingValues } from '../accounting/chart';
import type { Untyped } from '../db/untyped';
import type { EntityRule } from '../entities/rules/types';
import type { Row } from '../entities/rows';
import { idOf } from './taxCodes';

/**
 * Sets a kept value; an empty one is left out (stored as null, and a Preview answers no value the
 * form's validator would take for a wrong type).
 */
function keep(row: Row, field: string, value: unknown): void {
  if (value === undefined || value === null || value === '') delete row[field];
  else row[field] = value;
}

export const keptRule: EntityRule = {
  name: 'kept',
  async run(c) {
    const kept = c.entity.def.kept;
    if (!kept || !c.values || c.action === 'delete') return c.values;
    if (c.before && docStateOf(c.before) !== 'draft') return c.values;
    const db = c.trx as unknown as Untyped;
    const next: Row = { ...c.values };
    for (const [lookup, fill] of Object.entries(kept.fromLookup ?? {})) {
      const key = c.entity.def.fields[lookup]?.lookup?.entity;
      const target = key ? c.registry.byEntityKey(key) : undefined;
      const id = idOf(c.values[lookup]);
      const row =
        target && id !== null
          ? ((await db
              .selectFrom(target.table)
              .select(Object.values(fill))
              .where('id', '=', id)
              .executeTakeFirst()) as Row | undefined)
          : undefined;
      for (const [to, from] of Object.entries(fill)) keep(next, to, row?.[from]);
    }
    const settings = Object.entries(kept.fromSettings ?? {});
    if (settings.length > 0) {
      const found = await settingValues(
        db,
        settings.map(([, key]) => key),
      );
      for (const [to, key] of settings) keep(next, to, found.get(key));
    }
    return next;
  },
};
