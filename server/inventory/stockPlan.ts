/**
 * The moves a document makes by its definition's `stock` (runtime/shared/stock.ts), worked out
 * without touching the database: one planned move per declared move and line whose quantity is
 * above zero (and whose `when` holds), with the item, the warehouse, the quantity in thousandths
 * and the declared unit cost. Used by the stock effect of a Finalise (stockEffect.ts) and by the
 * bulk writer of the demo (stockBulk.ts), so both move the same stock. Refusals (StockRefused)
 * carry a `stock.{key}` text and its parameters in the request's language.
 */
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import { localText } from '../../runtime/shared/definition';
import { documentBudget, withinRuleBudget } from '../../runtime/shared/ruleBudget';
import { evaluate, type Expr } from '../../runtime/shared/rules';
import {
  toMilli,
  type StockDefinition,
  type StockDirection,
  type StockMoveDeclaration,
  type WarehouseRef,
} from '../../runtime/shared/stock';
import type { Lines } from '../entities/document';
import type { Row } from '../entities/rows';

/** A stock refusal: a `stock.{key}` text with its parameters in the request's language. */
export class StockRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: (lang: Lang) => Record<string, unknown>,
  ) {
    super(`stock refused: ${key}`);
    this.name = 'StockRefused';
  }
}

export interface PlannedMove {
  /** The declaration's id. */
  move: string;
  direction: StockDirection;
  /** The child table and the line's index in it (0-based) and stored id (when read back). */
  forEach: string;
  lineIndex: number;
  lineId: number | null;
  item: number;
  warehouse: number;
  /** Thousandths, above zero. */
  quantity: bigint;
  /** `in`: Rial a unit as declared; null = the current average. */
  unitCost: number | null;
  /** `in` paired with an `out` move: it takes that move's cost of the same line. */
  pairWith: string | null;
}

export interface StockDocument {
  def: EntityDefinition;
  values: Row;
  lines: Lines;
}

const truthy = (v: unknown) =>
  !(
    v === false ||
    v === null ||
    v === undefined ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0)
  );

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A declared value: a line field's name, or an expression over the line with the document under `doc`. */
export function declaredValue(spec: string | Expr | undefined, data: Record<string, unknown>): unknown {
  if (spec === undefined) return undefined;
  if (typeof spec === 'string') return data[spec];
  return evaluate(spec, data);
}

/** The label of a field of the document or of a line of `forEach`, in `lang`. */
export function fieldLabel(
  def: EntityDefinition,
  name: string,
  forEach: string | undefined,
  lang: Lang,
): string {
  const child = forEach ? def.children?.[forEach] : undefined;
  const meta = child && Object.hasOwn(child.fields, name) ? child.fields[name] : def.fields[name];
  return localText(meta?.label, lang) || name;
}

/** The warehouse a reference names for a line (null when empty). */
export function warehouseOf(ref: WarehouseRef, values: Row, line: Row | null): number | null {
  return 'field' in ref ? asId(values[ref.field]) : asId(line?.[ref.lineField]);
}

/** The date the document's entries are dated by (`stock.dateField`, else `period.field`). */
export function stockDate(def: EntityDefinition, values: Row): string | null {
  const field = def.stock?.dateField ?? def.period?.field;
  const v = field ? values[field] : undefined;
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null;
}

function planOne(
  def: EntityDefinition,
  spec: StockMoveDeclaration,
  values: Row,
  lines: Lines,
  out: PlannedMove[],
): void {
  const docData: Record<string, unknown> = { ...values, ...lines };
  (lines[spec.forEach] ?? []).forEach((line, index) => {
    const data = { ...line, doc: docData };
    if (spec.when !== undefined && !truthy(evaluate(spec.when, data))) return;
    const raw = declaredValue(spec.quantity, data);
    if (raw === null || raw === undefined || raw === '') return;
    const quantity = toMilli(raw);
    if (quantity === null)
      throw new StockRefused('quantityInvalid', () => ({ move: spec.id, row: index + 1 }));
    if (quantity <= 0n) return;
    const item = asId(line[spec.item]);
    if (item === null)
      throw new StockRefused('itemMissing', (lang) => ({
        field: fieldLabel(def, spec.item, spec.forEach, lang),
        row: index + 1,
      }));
    const warehouse = warehouseOf(spec.warehouse, values, line);
    if (warehouse === null)
      throw new StockRefused('warehouseMissing', (lang) => ({
        field:
          'field' in spec.warehouse
            ? fieldLabel(def, spec.warehouse.field, undefined, lang)
            : fieldLabel(def, spec.warehouse.lineField, spec.forEach, lang),
        row: index + 1,
      }));
    let unitCost: number | null = null;
    if (spec.direction === 'in' && !spec.pairWith) {
      const cost = declaredValue(spec.unitCost, data);
      if (cost !== null && cost !== undefined && cost !== '') {
        const n = Number(cost);
        if (!Number.isFinite(n) || n < 0)
          throw new StockRefused('unitCostInvalid', () => ({ move: spec.id, row: index + 1 }));
        unitCost = n;
      }
    }
    out.push({
      move: spec.id,
      direction: spec.direction,
      forEach: spec.forEach,
      lineIndex: index,
      lineId: asId(line.id),
      item,
      warehouse,
      quantity,
      unitCost,
      pairWith: spec.direction === 'in' ? (spec.pairWith ?? null) : null,
    });
  });
}

/**
 * The moves of `doc` by its definition's `stock`, in declaration order (each declaration over its
 * lines in order): a paired `in` comes after the `out` it takes its cost from (the loader checks
 * that the pair is declared first). [] without a declaration.
 */
export function planMoves(doc: StockDocument): PlannedMove[] {
  const stock: StockDefinition | undefined = doc.def.stock;
  if (!stock) return [];
  const lineCount = Object.values(doc.lines).reduce((n, rows) => n + rows.length, 0);
  return withinRuleBudget(
    () => {
      const out: PlannedMove[] = [];
      for (const spec of stock.moves) planOne(doc.def, spec, doc.values, doc.lines, out);
      return out;
    },
    documentBudget(lineCount * Math.max(1, stock.moves.length)),
  );
}
