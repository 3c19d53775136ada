/**
 * The demo's open amounts (docs/treasury.md «Allocations»): the seed inserts documents and their
 * allocation lines in bulk and makes them final afterwards (./lifecycle.ts), so no Finalise took the
 * amounts off their targets. This sets every settled document's open amount as the allocation
 * effect would have left it: its total less what the final documents allocate to it, with one
 * UPDATE per declaration (a correlated sum), on SQLite and PostgreSQL alike.
 */
import { sql } from 'kysely';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import { fieldMetaOf } from '../../accounting/postingBuilder';
import type { Registry } from '../../definitions/registry';
import type { Untyped } from '../../db/untyped';

export async function settleFromAllocations(db: Untyped, registry: Registry): Promise<void> {
  // every settled document starts whole
  for (const target of registry.all()) {
    const settlement = target.def.settlement;
    if (settlement)
      await db
        .updateTable(target.table)
        .set({ [settlement.open]: sql.ref(settlement.total) })
        .execute();
  }
  for (const source of registry.all())
    for (const spec of source.def.allocations ?? []) {
      const key = fieldMetaOf(source.def, spec.target, spec.forEach)?.lookup?.entity ?? '';
      const target = registry.byEntityKey(key);
      const settlement = target?.def.settlement;
      const child = spec.forEach ? source.children.find((c) => c.name === spec.forEach) : undefined;
      if (!target || !settlement || (spec.forEach && !child)) continue;
      // the amounts of the final documents' lines (or the documents themselves) naming the target
      const allocated = child
        ? sql`(select coalesce(sum(${sql.ref(`a.${spec.amount}`)}), 0) from ${sql.table(child.table)} a
              join ${sql.table(source.table)} d on d.id = a.parent_id
              where ${sql.ref(`a.${spec.target}`)} = ${sql.ref(`${target.table}.id`)}
                and ${sql.ref(`d.${DOC_STATE_FIELD}`)} = 'final')`
        : sql`(select coalesce(sum(${sql.ref(`d.${spec.amount}`)}), 0) from ${sql.table(source.table)} d
              where ${sql.ref(`d.${spec.target}`)} = ${sql.ref(`${target.table}.id`)}
                and ${sql.ref(`d.${DOC_STATE_FIELD}`)} = 'final')`;
      await db
        .updateTable(target.table)
        .set({ [settlement.open]: sql`${sql.ref(settlement.open)} - ${allocated}` })
        .execute();
    }
}
