/**
 * Writes the stock ledger (stockTables.ts) inside the caller's transaction (the write pipeline's).
 * Each move changes its item × warehouse balance with ONE atomic statement that computes the cost
 * from the row as it stands when the statement runs and answers it (RETURNING last_cost):
 *
 * - in, at a given cost: `INSERT … ON CONFLICT DO UPDATE SET quantity = quantity + q, value =
 *   value + cost`; at the average cost the cost is computed from the row in the same statement;
 * - out: `UPDATE … SET quantity = quantity − q, value = value − round(value × q / quantity) …
 *   WHERE … AND quantity >= q` (the condition left out for an item allowing negative stock): no row
 *   answered means the stock does not cover the issue, refused with the quantity available.
 *
 * On PostgreSQL a conditional UPDATE waits for a concurrent writer of the row and is evaluated
 * again on the row it committed, so concurrent issues never take the same stock twice and each
 * takes the average of the stock it found; the rows a document touches are locked first in key
 * order (no deadlock between two documents touching the same rows in another order). SQLite has
 * one writer. The arithmetic is exact integer arithmetic (thousandths and Rial, rounding half away
 * from zero), the same as runtime/shared/stock.ts computes in memory for the bulk writer.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/types';
import type { Untyped } from '../db/untyped';
import { MILLI } from '../../runtime/shared/stock';
import { STOCK_BALANCES, STOCK_ENTRIES } from './stockTables';

export interface StockKey {
  item: number;
  warehouse: number;
}

/** One entry as written (quantity and value signed: negative out). */
export interface StockEntry extends StockKey {
  date: string;
  quantity: bigint;
  value: bigint;
  direction: 'in' | 'out';
  sourceEntity: string;
  sourceId: number;
  sourceLine: number | null;
  lineNo: number;
  move: string;
  sourceNumber: string | null;
}

type Sql = RawBuilder<unknown>;

/** An integer parameter exactly (bound as text and cast: better-sqlite3 binds numbers as REAL). */
function int(d: Dialect, n: bigint | number): Sql {
  return sql`cast(${String(n)} as ${sql.raw(d === 'postgres' ? 'bigint' : 'integer')})`;
}

/**
 * round(a × q / b), half away from zero, for q ≥ 0 and b > 0, exactly: on PostgreSQL in numeric
 * (no overflow), on SQLite split as (a div b) × q + round((a mod b) × q / b) in 64-bit integers
 * (exact while quantity × q stays below 4.6 × 10^18 thousandths², beyond two million units).
 */
export function mulDivRound(d: Dialect, a: Sql, q: Sql, b: Sql): Sql {
  if (d === 'postgres')
    return sql`(case when (${a}) >= 0 then div(2 * (${a})::numeric * (${q}) + (${b}), 2 * (${b})::numeric) else -div(2 * (-(${a}))::numeric * (${q}) + (${b}), 2 * (${b})::numeric) end)::bigint`;
  const pos = (x: Sql) =>
    sql`((${x}) / (${b})) * (${q}) + (((${x}) % (${b})) * (${q}) * 2 + (${b})) / ((${b}) * 2)`;
  return sql`(case when (${a}) >= 0 then ${pos(a)} else -(${pos(sql`-(${a})`)}) end)`;
}

const col = (name: string): Sql => sql.ref(`${STOCK_BALANCES}.${name}`);

/** The average unit cost of a balance after a change to `quantity` and `value`, as `moved` computes it. */
function unitCostAfter(d: Dialect, quantity: Sql, value: Sql): Sql {
  return sql`case when ${quantity} > 0 then ${mulDivRound(d, value, int(d, MILLI), quantity)} else ${col('unit_cost')} end`;
}

export interface Moved {
  /** The cost the move took or added (Rial, positive). */
  cost: bigint;
  /** The balance's quantity after it (thousandths). */
  quantity: bigint;
}

const answer = (row: Record<string, unknown> | undefined): Moved | null =>
  row ? { cost: BigInt(String(row.last_cost)), quantity: BigInt(String(row.quantity)) } : null;

/** Stock in: at `cost` (Rial) or, null, at the current average of the balance. */
export async function receive(
  db: Untyped,
  d: Dialect,
  key: StockKey,
  quantity: bigint,
  cost: bigint | null,
): Promise<Moved> {
  const q = int(d, quantity);
  const given = cost === null ? null : int(d, cost);
  const average = sql`case when ${col('quantity')} > 0 then ${mulDivRound(d, col('value'), sql`excluded.quantity`, col('quantity'))} else ${mulDivRound(d, col('unit_cost'), sql`excluded.quantity`, int(d, MILLI))} end`;
  const added = given ?? average;
  const newQuantity = sql`${col('quantity')} + excluded.quantity`;
  const result = await sql<Record<string, unknown>>`
    insert into ${sql.table(STOCK_BALANCES)} (item_id, warehouse_id, quantity, value, unit_cost, last_cost)
    values (${int(d, key.item)}, ${int(d, key.warehouse)}, ${q}, ${given ?? int(d, 0)},
      ${given ? mulDivRound(d, given, int(d, MILLI), q) : int(d, 0)}, ${given ?? int(d, 0)})
    on conflict (item_id, warehouse_id) do update set
      quantity = ${newQuantity},
      value = ${col('value')} + ${added},
      last_cost = ${added},
      unit_cost = ${unitCostAfter(d, newQuantity, sql`${col('value')} + ${added}`)}
    returning quantity, last_cost`.execute(db);
  const moved = answer(result.rows[0]);
  if (!moved) throw new Error('stock receipt answered no row');
  return moved;
}

/**
 * Stock out at the moving average: the cost taken, or null when the balance does not cover the
 * quantity (never null with `allowNegative`: a shortfall is costed at the last average unit cost).
 */
export async function issue(
  db: Untyped,
  d: Dialect,
  key: StockKey,
  quantity: bigint,
  allowNegative: boolean,
): Promise<Moved | null> {
  const q = int(d, quantity);
  if (allowNegative)
    await sql`insert into ${sql.table(STOCK_BALANCES)} (item_id, warehouse_id) values (${int(d, key.item)}, ${int(d, key.warehouse)}) on conflict (item_id, warehouse_id) do nothing`.execute(
      db,
    );
  const held = sql`(case when ${col('quantity')} > 0 then ${col('quantity')} else 0 end)`;
  const covered = mulDivRound(d, col('value'), q, col('quantity'));
  const cost = allowNegative
    ? sql`(case when ${col('quantity')} >= ${q} then ${covered} else (case when ${col('quantity')} > 0 then ${col('value')} else 0 end) + ${mulDivRound(d, col('unit_cost'), sql`${q} - ${held}`, int(d, MILLI))} end)`
    : covered;
  const newQuantity = sql`${col('quantity')} - ${q}`;
  const result = await sql<Record<string, unknown>>`
    update ${sql.table(STOCK_BALANCES)} set
      quantity = ${newQuantity},
      value = ${col('value')} - ${cost},
      last_cost = ${cost},
      unit_cost = ${unitCostAfter(d, newQuantity, sql`${col('value')} - ${cost}`)}
    where item_id = ${int(d, key.item)} and warehouse_id = ${int(d, key.warehouse)}
      ${allowNegative ? sql`` : sql`and quantity >= ${q}`}
    returning quantity, last_cost`.execute(db);
  return answer(result.rows[0]);
}

/**
 * Takes an entry back out of its balance exactly (its quantity and value); false when that would
 * leave less than zero on hand (an entry `in` whose stock went out since) and negative stock is
 * not allowed.
 */
export async function takeBack(
  db: Untyped,
  d: Dialect,
  entry: StockKey & { quantity: bigint; value: bigint },
  allowNegative: boolean,
): Promise<boolean> {
  const q = int(d, entry.quantity);
  const v = int(d, entry.value);
  const newQuantity = sql`${col('quantity')} - ${q}`;
  const strict = !allowNegative && entry.quantity > 0n;
  const result = await sql<Record<string, unknown>>`
    update ${sql.table(STOCK_BALANCES)} set
      quantity = ${newQuantity},
      value = ${col('value')} - ${v},
      unit_cost = ${unitCostAfter(d, newQuantity, sql`${col('value')} - ${v}`)}
    where item_id = ${int(d, entry.item)} and warehouse_id = ${int(d, entry.warehouse)}
      ${strict ? sql`and quantity >= ${q}` : sql``}
    returning quantity`.execute(db);
  return result.rows.length === 1;
}

/**
 * PostgreSQL: the balance rows of `keys` exist and are locked, in key order, until the transaction
 * ends, so two documents touching the same rows queue instead of deadlocking. SQLite: nothing (one writer).
 */
export async function lockBalances(db: Untyped, d: Dialect, keys: readonly StockKey[]): Promise<void> {
  if (d !== 'postgres' || keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.item}|${k.warehouse}`, k])).values()].sort(
    (a, b) => a.item - b.item || a.warehouse - b.warehouse,
  );
  const rows = unique.map((k) => sql`(${int(d, k.item)}, ${int(d, k.warehouse)})`);
  await sql`insert into ${sql.table(STOCK_BALANCES)} (item_id, warehouse_id) values ${sql.join(rows)} on conflict (item_id, warehouse_id) do nothing`.execute(
    db,
  );
  await sql`select 1 from ${sql.table(STOCK_BALANCES)} where (item_id, warehouse_id) in (${sql.join(rows)}) order by item_id, warehouse_id for update`.execute(
    db,
  );
}

/** The quantity on hand now (thousandths; 0 without a balance). */
export async function onHandNow(db: Untyped, key: StockKey): Promise<bigint> {
  const row = (await db
    .selectFrom(STOCK_BALANCES)
    .select(sql<string>`cast(quantity as text)`.as('q'))
    .where('item_id', '=', key.item)
    .where('warehouse_id', '=', key.warehouse)
    .executeTakeFirst()) as { q?: unknown } | undefined;
  return row?.q === undefined ? 0n : BigInt(String(row.q));
}

/** The quantity on hand at the end of `date` (the entries up to it; thousandths). */
export async function onHandAt(db: Untyped, key: StockKey, date: string): Promise<bigint> {
  const row = (await db
    .selectFrom(STOCK_ENTRIES)
    .select(sql<string>`cast(coalesce(sum(quantity), 0) as text)`.as('q'))
    .where('item_id', '=', key.item)
    .where('warehouse_id', '=', key.warehouse)
    .where('date', '<=', date)
    .executeTakeFirst()) as { q?: unknown } | undefined;
  return BigInt(String(row?.q ?? '0').replace(/\.0+$/, ''));
}

/** Rows per INSERT (12 columns each: well under both databases' parameter limits). */
const CHUNK = 500;

export async function addEntries(db: Untyped, entries: readonly StockEntry[]): Promise<void> {
  const rows = entries.map((e) => ({
    item_id: e.item,
    warehouse_id: e.warehouse,
    date: e.date,
    quantity: String(e.quantity),
    value: String(e.value),
    direction: e.direction,
    source_entity: e.sourceEntity,
    source_id: e.sourceId,
    source_line: e.sourceLine,
    line_no: e.lineNo,
    move: e.move,
    source_number: e.sourceNumber,
  }));
  for (let at = 0; at < rows.length; at += CHUNK)
    await db
      .insertInto(STOCK_ENTRIES)
      .values(rows.slice(at, at + CHUNK))
      .execute();
}

/** The entries a document wrote, in the order they were written. */
export async function entriesOf(db: Untyped, entity: string, id: number): Promise<StockEntry[]> {
  const rows = (await db
    .selectFrom(STOCK_ENTRIES)
    .select([
      'item_id',
      'warehouse_id',
      'date',
      sql<string>`cast(quantity as text)`.as('quantity'),
      sql<string>`cast(value as text)`.as('value'),
      'direction',
      'source_line',
      'line_no',
      'move',
      'source_number',
    ])
    .where('source_entity', '=', entity)
    .where('source_id', '=', id)
    .orderBy('id')
    .execute()) as Record<string, unknown>[];
  return rows.map((r) => ({
    item: Number(r.item_id),
    warehouse: Number(r.warehouse_id),
    date: String(r.date),
    quantity: BigInt(String(r.quantity)),
    value: BigInt(String(r.value)),
    direction: r.direction === 'out' ? 'out' : 'in',
    sourceEntity: entity,
    sourceId: id,
    sourceLine: r.source_line === null || r.source_line === undefined ? null : Number(r.source_line),
    lineNo: Number(r.line_no),
    move: String(r.move),
    sourceNumber: r.source_number === null || r.source_number === undefined ? null : String(r.source_number),
  }));
}

export async function removeEntries(db: Untyped, entity: string, id: number): Promise<void> {
  await db
    .deleteFrom(STOCK_ENTRIES)
    .where('source_entity', '=', entity)
    .where('source_id', '=', id)
    .execute();
}
