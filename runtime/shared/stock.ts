/**
 * What a document moves in stock, declared in its definition (`stock`) and applied by the server
 * when the document is finalised (stock ledger entries and the moving-average balances of each item
 * × warehouse, in the same transaction) and reversed when it is cancelled (docs/inventory.md). An
 * analyst adds a document type that moves stock without code: each move names the line field of
 * the item, the quantity (a line field or an expression of the shared rule evaluator, rules.ts),
 * the warehouse (a field of the document or of the line) and the direction.
 *
 * Example (a transfer between warehouses):
 *   "stock": { "moves": [
 *     { "id": "out", "forEach": "lines", "item": "item", "quantity": "quantity",
 *       "warehouse": { "field": "warehouse" }, "direction": "out" },
 *     { "id": "in", "forEach": "lines", "item": "item", "quantity": "quantity",
 *       "warehouse": { "field": "toWarehouse" }, "direction": "in", "pairWith": "out" } ] }
 *
 * Quantities are kept exact in thousandths (3 decimals) and values in whole Rial, as BigInt here
 * (the arithmetic the server's SQL does in one statement, server/inventory/stockStore.ts, and the
 * bulk seeder does in memory, StockBook below, must agree to the Rial).
 */
import type { Expr } from './rules';
import { exactMultiply, exactRound } from './decimal';

/** The entities whose ids the stock ledger holds: items and warehouses. */
export const STOCK_ITEM_ENTITY = 'inventory.item';
export const STOCK_WAREHOUSE_ENTITY = 'inventory.warehouse';
/**
 * The setting naming (by code) the warehouse a new sales document ships from, before the first
 * warehouse (FieldMeta.initialFrom of the shipped invoice and goods receipt).
 */
export const DEFAULT_WAREHOUSE_SETTING = 'inventory.defaultWarehouse';
export const DEFAULT_WAREHOUSE_TITLE = {
  fa: 'انبار پیش‌فرض اسناد (کد انبار)',
  en: 'Default warehouse (code)',
};

/** The item's boolean field allowing its stock to go below zero. */
export const ALLOW_NEGATIVE_FIELD = 'allowNegative';
/**
 * What postings read of a document that moved stock (posting builder data): on the document and on
 * each line of a move's `forEach` table.
 */
export const STOCK_COST_FIELD = 'stockCost';
export const STOCK_COST_IN_FIELD = 'stockCostIn';
export const STOCK_COST_OUT_FIELD = 'stockCostOut';

/** A warehouse named by a field of the document or of the line. */
export type WarehouseRef = { field: string } | { lineField: string };

export type StockDirection = 'in' | 'out';

/** One declared move: one stock entry per line of `forEach` (when its quantity is above zero). */
export interface StockMoveDeclaration {
  /** Stable id within the definition (error messages, pairWith, tests). */
  id: string;
  /** The child table whose lines move (e.g. "lines"). */
  forEach: string;
  /** The line's lookup field to inventory.item. */
  item: string;
  /**
   * The quantity moved: a line field's name, or an expression over the line (its fields) with the
   * document under `doc`. Zero, negative or empty: the line moves nothing by this declaration.
   */
  quantity: string | Expr;
  /** A lookup field to inventory.warehouse, of the document (`field`) or of the line (`lineField`). */
  warehouse: WarehouseRef;
  direction: StockDirection;
  /**
   * `in` only: the cost of one unit in Rial (a line field's name or an expression, as `quantity`).
   * Absent or empty: the current moving average of the item in that warehouse.
   */
  unitCost?: string | Expr;
  /**
   * `in` only: the id of an `out` move declared earlier on the same lines; each line comes in at
   * the cost it went out at (a transfer between warehouses keeps its value).
   */
  pairWith?: string;
  /** The move applies to a line only when this expression (over the line, `doc`) is truthy. */
  when?: Expr;
}

/**
 * A line field the server fills with the on-hand quantity of the line's item in the warehouse at
 * the document's date (e.g. a stock count's system quantity), on every save and again when the
 * document is finalised; the line's computed fields are computed again after it.
 */
export interface StockOnHandFill {
  forEach: string;
  field: string;
  item: string;
  warehouse: WarehouseRef;
}

export interface StockDefinition {
  /** The document's date field the entries are dated by; default the definition's `period.field`. */
  dateField?: string;
  moves: StockMoveDeclaration[];
  onHand?: StockOnHandFill[];
}

// ---- exact arithmetic ----

/** Thousandths in one unit. */
export const MILLI = 1000n;

/** A quantity (a number of units, 3 decimals at most) as thousandths; null when not a finite number. */
export function toMilli(quantity: unknown): bigint | null {
  const n = typeof quantity === 'string' && quantity.trim() !== '' ? Number(quantity) : quantity;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return BigInt(Math.round(exactMultiply(exactRound(n, 3), 1000)));
}

/** Thousandths back to a number of units (exact: at most 3 decimals). */
export function fromMilli(milli: bigint): number {
  const sign = milli < 0n ? '-' : '';
  const abs = milli < 0n ? -milli : milli;
  const frac = String(abs % MILLI).padStart(3, '0');
  return Number(`${sign}${abs / MILLI}.${frac}`);
}

/** round(a × q / b), half away from zero, for b > 0 (the SQL of stockStore.ts computes the same). */
export function mulDivRound(a: bigint, q: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('mulDivRound: divisor must be positive');
  const neg = a < 0n !== q < 0n && a !== 0n && q !== 0n;
  const n = (a < 0n ? -a : a) * (q < 0n ? -q : q);
  const r = (2n * n + b) / (2n * b);
  return neg ? -r : r;
}

/** The value of `milli` thousandths at `unitCost` Rial a unit, rounded to the Rial (exact decimals). */
export function valueAt(unitCost: number, milli: bigint): bigint {
  return BigInt(exactRound(exactMultiply(unitCost, fromMilli(milli))));
}

/** One item × warehouse: thousandths on hand, their value (Rial) and the last average cost of a unit. */
export interface Balance {
  quantity: bigint;
  value: bigint;
  /** Rial per unit, the moving average when the quantity was last above zero (costs a shortfall). */
  unitCost: bigint;
}

export const emptyBalance = (): Balance => ({ quantity: 0n, value: 0n, unitCost: 0n });

/**
 * The cost of issuing `q` thousandths (q > 0) from `b`: the moving average share of the value
 * (round(value × q / quantity)) while the stock covers it; beyond it (an item allowing negative
 * stock) what is on hand plus the shortfall at the last average unit cost.
 */
export function issueCost(b: Balance, q: bigint): bigint {
  if (b.quantity >= q) return mulDivRound(b.value, q, b.quantity);
  const held = b.quantity > 0n ? b.quantity : 0n;
  return (b.quantity > 0n ? b.value : 0n) + mulDivRound(b.unitCost, q - held, MILLI);
}

/** The cost of receiving `q` thousandths at the current average (an in move without a unit cost). */
export function averageCost(b: Balance, q: bigint): bigint {
  return b.quantity > 0n ? mulDivRound(b.value, q, b.quantity) : mulDivRound(b.unitCost, q, MILLI);
}

/** `b` after `quantity` and `value` came in (negative: went out); the unit cost follows a positive stock. */
export function moved(b: Balance, quantity: bigint, value: bigint): Balance {
  const q = b.quantity + quantity;
  const v = b.value + value;
  return { quantity: q, value: v, unitCost: q > 0n ? mulDivRound(v, MILLI, q) : b.unitCost };
}
