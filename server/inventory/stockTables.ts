/**
 * The stock ledger as two system tables, written only by stockStore.ts (inside the write
 * transaction that finalises or cancels a document with a `stock` declaration) and by the bulk
 * writer of the demo (stockBulk.ts):
 *
 * - `stock_entries`: one row per stock move of a final document: item, warehouse, date, quantity
 *   in thousandths (exact; positive in, negative out) and value in Rial (signed alike), the
 *   direction, and the source document (entity, id, line, number) for the kardex's drill-down.
 *   On hand at any date = the sum of the entries up to it.
 * - `stock_balances`: per item × warehouse the quantity on hand, its value (moving average cost:
 *   value / quantity) and the last average unit cost (Rial per unit, costing a shortfall of an item
 *   allowed negative stock); `last_cost` holds the cost the last statement moved (answered by its
 *   RETURNING). Changed by one atomic statement per move, so concurrent finalises stay exact.
 */
import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../db/types';

export const STOCK_ENTRIES = 'stock_entries';
export const STOCK_BALANCES = 'stock_balances';

/** Columns of `stock_entries` as stored. */
export interface StockEntryRow {
  id: number;
  item_id: number;
  warehouse_id: number;
  /** ISO date (YYYY-MM-DD) of the document. */
  date: string;
  /** Thousandths: positive in, negative out. */
  quantity: number;
  /** Rial: positive in, negative out. */
  value: number;
  direction: 'in' | 'out';
  /** `module.name` and id of the document, the line's stored id and its index. */
  source_entity: string;
  source_id: number;
  source_line: number | null;
  line_no: number;
  /** The id of the declared move (runtime/shared/stock.ts). */
  move: string;
  /** The document's display text when it moved (its number). */
  source_number: string | null;
}

export function stockMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(STOCK_ENTRIES)
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('warehouse_id', 'bigint', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('source_entity', 'text', (c) => c.notNull())
        .addColumn('source_id', 'bigint', (c) => c.notNull())
        .addColumn('source_line', 'bigint')
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('move', 'text', (c) => c.notNull())
        .addColumn('source_number', 'text')
        .execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on(STOCK_ENTRIES).columns(columns).execute();
      await index('ix_stock_entries_item_wh_date', ['item_id', 'warehouse_id', 'date', 'id']);
      await index('ix_stock_entries_source', ['source_entity', 'source_id']);
      await index('ix_stock_entries_date', ['date']);

      await db.schema
        .createTable(STOCK_BALANCES)
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('warehouse_id', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('unit_cost', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_cost', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('pk_stock_balances', ['item_id', 'warehouse_id'])
        .execute();
      await db.schema
        .createIndex('ix_stock_balances_wh')
        .on(STOCK_BALANCES)
        .columns(['warehouse_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable(STOCK_BALANCES).execute();
      await db.schema.dropTable(STOCK_ENTRIES).execute();
    },
  };
}
