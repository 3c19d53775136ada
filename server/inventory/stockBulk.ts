/**
 * Stock in bulk, for rows written without the write pipeline (the demo seed): every FINAL document
 * of a definition with `stock` that has no entries yet gets the entries its declaration plans (the
 * same planner as a Finalise, stockPlan.ts), applied in date order by the in-memory book
 * (stockBook.ts: the same arithmetic as the balances' SQL), on-hand fields filled at their date;
 * the entries and balances are then written in a few statements per thousand, inside the caller's
 * transaction. Cancelled documents move nothing (their effect was taken back). Idempotent.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import type { Lines } from '../entities/document';
import { toApiRow, toColumns, type Row } from '../entities/rows';
import { allowNegativeOf } from './stockEffect';
import { withOnHand } from './onHandFill';
import { StockBook } from './stockBook';
import { planMoves, stockDate, type PlannedMove } from './stockPlan';
import { addEntries, type StockEntry } from './stockStore';
import { STOCK_BALANCES, STOCK_ENTRIES } from './stockTables';

const CHUNK = 500;

/** A final document to move, with what it moves. */
export interface BulkDocument {
  entity: Entity;
  values: Row;
  lines: Lines;
  date: string;
}

/** The lines of documents by id, per child table (in line order). */
async function linesOf(db: Untyped, entity: Entity, ids: readonly number[]): Promise<Map<number, Lines>> {
  const out = new Map<number, Lines>(ids.map((id) => [id, {}]));
  for (const child of entity.children)
    for (let at = 0; at < ids.length; at += CHUNK) {
      const rows = (await db
        .selectFrom(child.table)
        .selectAll()
        .where('parent_id', 'in', ids.slice(at, at + CHUNK))
        .orderBy('parent_id')
        .orderBy('line_no')
        .execute()) as Row[];
      for (const r of rows) (out.get(Number(r.parent_id))![child.name] ??= []).push(toApiRow(child, r));
    }
  return out;
}

/** The final documents of definitions with `stock` that have no entries yet, in the order they move stock. */
export async function finalStockDocuments(db: Untyped, ctx: AppContext): Promise<BulkDocument[]> {
  const docs: BulkDocument[] = [];
  for (const entity of ctx.registry.all()) {
    if (!entity.def.stock || !entity.def.lifecycle) continue;
    const rows = (await db
      .selectFrom(entity.table)
      .selectAll()
      .where(DOC_STATE_FIELD, '=', 'final')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom(STOCK_ENTRIES)
              .select('id')
              .where('source_entity', '=', entity.key)
              .whereRef('source_id', '=', `${entity.table}.id`),
          ),
        ),
      )
      .execute()) as Row[];
    const api = rows.map((r) => toApiRow(entity, r));
    const lines = await linesOf(
      db,
      entity,
      api.map((r) => Number(r.id)),
    );
    for (const values of api) {
      const date = stockDate(entity.def, values);
      if (date) docs.push({ entity, values, lines: lines.get(Number(values.id)) ?? {}, date });
    }
  }
  // by date; on one day counts (on-hand fills) after the moves; then by kind and id
  const fills = (d: BulkDocument) => (d.entity.def.stock?.onHand?.length ? 1 : 0);
  return docs.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      fills(a) - fills(b) ||
      a.entity.key.localeCompare(b.entity.key) ||
      Number(a.values.id) - Number(b.values.id),
  );
}

export interface BulkOptions {
  /**
   * A document with on-hand fills, once its on-hand quantities are known and before it moves: its
   * lines may be changed (the demo's counted quantities near the system's); computed fields follow.
   */
  adjust?: (doc: BulkDocument) => Lines;
}

/** Balances of `keys` as stored, into the book. */
async function loadBalances(db: Untyped, book: StockBook, items: readonly number[]): Promise<void> {
  for (let at = 0; at < items.length; at += CHUNK) {
    const rows = (await db
      .selectFrom(STOCK_BALANCES)
      .select([
        'item_id',
        'warehouse_id',
        sql<string>`cast(quantity as text)`.as('quantity'),
        sql<string>`cast(value as text)`.as('value'),
        sql<string>`cast(unit_cost as text)`.as('unit_cost'),
      ])
      .where('item_id', 'in', items.slice(at, at + CHUNK))
      .execute()) as Record<string, unknown>[];
    for (const r of rows)
      book.balances.set(`${Number(r.item_id)}|${Number(r.warehouse_id)}`, {
        quantity: BigInt(String(r.quantity)),
        value: BigInt(String(r.value)),
        unitCost: BigInt(String(r.unit_cost)),
      });
  }
}

/** Writes the book's changed balances (absolute values). */
async function saveBalances(db: Untyped, book: StockBook): Promise<void> {
  const rows = [...book.touched].map((key) => {
    const [item, warehouse] = key.split('|').map(Number) as [number, number];
    const b = book.balances.get(key)!;
    return {
      item_id: item,
      warehouse_id: warehouse,
      quantity: String(b.quantity),
      value: String(b.value),
      unit_cost: String(b.unitCost),
      last_cost: '0',
    };
  });
  for (let at = 0; at < rows.length; at += CHUNK)
    await db
      .insertInto(STOCK_BALANCES)
      .values(rows.slice(at, at + CHUNK))
      .onConflict((oc) =>
        oc.columns(['item_id', 'warehouse_id']).doUpdateSet({
          quantity: sql`excluded.quantity`,
          value: sql`excluded.value`,
          unit_cost: sql`excluded.unit_cost`,
        }),
      )
      .execute();
}

/** Stores a document's lines and values changed by its on-hand fills (row by row: counts are few). */
async function saveFilled(db: Untyped, ctx: AppContext, doc: BulkDocument): Promise<void> {
  const id = Number(doc.values.id);
  await db
    .updateTable(doc.entity.table)
    .set(toColumns(doc.entity, doc.values, ctx.dialect))
    .where('id', '=', id)
    .execute();
  for (const child of doc.entity.children)
    for (const line of doc.lines[child.name] ?? [])
      if (typeof line.id === 'number')
        await db
          .updateTable(child.table)
          .set(toColumns(child, line, ctx.dialect))
          .where('id', '=', line.id)
          .execute();
}

/** The entries of one document's moves and their costs. */
function entriesFor(
  doc: BulkDocument,
  moves: readonly PlannedMove[],
  costs: readonly bigint[],
): StockEntry[] {
  const number = doc.values[doc.entity.def.displayField];
  return moves.map((m, i) => ({
    item: m.item,
    warehouse: m.warehouse,
    date: doc.date,
    quantity: m.direction === 'out' ? -m.quantity : m.quantity,
    value: m.direction === 'out' ? -(costs[i] ?? 0n) : (costs[i] ?? 0n),
    direction: m.direction,
    sourceEntity: doc.entity.key,
    sourceId: Number(doc.values.id),
    sourceLine: m.lineId,
    lineNo: m.lineIndex,
    move: m.move,
    sourceNumber: number === null || number === undefined ? null : String(number).slice(0, 120),
  }));
}

/**
 * Moves the stock of every final document without entries (see above); answers how many documents
 * and entries. Throws BookShortage when an issue is not covered by what came in before it.
 */
export async function stockInBulk(
  db: Untyped,
  ctx: AppContext,
  options: BulkOptions = {},
): Promise<{ documents: number; entries: number }> {
  const docs = await finalStockDocuments(db, ctx);
  if (docs.length === 0) return { documents: 0, entries: 0 };
  const planned = new Map<BulkDocument, PlannedMove[]>();
  const items = new Set<number>();
  for (const doc of docs) {
    const moves = planMoves({ def: doc.entity.def, values: doc.values, lines: doc.lines });
    planned.set(doc, moves);
    for (const m of moves) items.add(m.item);
    for (const fill of doc.entity.def.stock?.onHand ?? [])
      for (const line of doc.lines[fill.forEach] ?? [])
        if (typeof line[fill.item] === 'number') items.add(line[fill.item] as number);
  }
  const allow = await allowNegativeOf(db, ctx.registry, [...items]);
  const book = new StockBook((item) => allow.get(item) ?? false);
  await loadBalances(db, book, [...items]);
  const entries: StockEntry[] = [];
  for (const doc of docs) {
    let moves = planned.get(doc) ?? [];
    if (doc.entity.def.stock?.onHand?.length) {
      const onHand = (item: number, warehouse: number) => book.balance(item, warehouse).quantity;
      let filled = withOnHand(doc.entity.def, doc.values, doc.lines, onHand);
      if (options.adjust) {
        const lines = options.adjust({ ...doc, ...filled });
        filled = withOnHand(doc.entity.def, filled.values, lines, onHand);
      }
      doc.values = filled.values;
      doc.lines = filled.lines;
      await saveFilled(db, ctx, doc);
      moves = planMoves({ def: doc.entity.def, values: doc.values, lines: doc.lines });
    }
    entries.push(...entriesFor(doc, moves, book.apply(moves)));
  }
  await addEntries(db, entries);
  await saveBalances(db, book);
  return { documents: docs.length, entries: entries.length };
}
