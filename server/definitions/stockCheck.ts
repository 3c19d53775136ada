/**
 * Checks of a definition's `stock` declaration (runtime/shared/stock.ts), at start for the shipped
 * files and on Publish (both through safetyProblems): a lifecycle (effects run on Finalise and
 * Cancel), a date, each move's table, item and warehouse lookups (to inventory.item and
 * inventory.warehouse), the line fields it names, unit costs and pairs only on moves in, a pair
 * declared earlier on the same lines, and the on-hand fills. Expressions are checked with the rest
 * (operations and budget) by safety.ts. Messages are `designerCheck.{key}` texts.
 */
import type { ChildDefinition, EntityDefinition, FieldMeta } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { Expr } from '../../runtime/shared/rules';
import { STOCK_ITEM_ENTITY, STOCK_WAREHOUSE_ENTITY, type WarehouseRef } from '../../runtime/shared/stock';

/** A problem as safety.ts reports it: JSON path and a `designerCheck` text key with its parameters. */
interface SafetyProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const NUMERIC_KINDS = new Set(['integer', 'decimal', 'money', 'percent']);

function lookupTo(meta: FieldMeta | undefined, entity: string): boolean {
  return meta?.lookup?.entity === entity;
}

function warehouseProblems(
  at: string,
  ref: WarehouseRef,
  def: EntityDefinition,
  child: ChildDefinition | undefined,
  table: string,
  out: SafetyProblem[],
): void {
  if ('field' in ref) {
    if (
      !lookupTo(
        Object.hasOwn(def.fields, ref.field) ? def.fields[ref.field] : undefined,
        STOCK_WAREHOUSE_ENTITY,
      )
    )
      out.push({ path: `${at}/field`, key: 'stockWarehouseField', params: { field: ref.field } });
  } else if (
    !child ||
    !lookupTo(
      Object.hasOwn(child.fields, ref.lineField) ? child.fields[ref.lineField] : undefined,
      STOCK_WAREHOUSE_ENTITY,
    )
  )
    out.push({
      path: `${at}/lineField`,
      key: 'stockWarehouseField',
      params: { field: ref.lineField, table },
    });
}

/** A value named by a line field's name must be a number field of the line. */
function lineNumberProblems(
  at: string,
  spec: string | Expr | undefined,
  child: ChildDefinition,
  table: string,
  out: SafetyProblem[],
): void {
  if (typeof spec !== 'string') return;
  if (!Object.hasOwn(child.schema.properties, spec) || !NUMERIC_KINDS.has(kindOf(child, spec)))
    out.push({ path: at, key: 'stockLineNumber', params: { field: spec, table } });
}

export function stockProblems(def: EntityDefinition): SafetyProblem[] {
  const stock = def.stock;
  if (!stock) return [];
  const out: SafetyProblem[] = [];
  if (!def.lifecycle) out.push({ path: '/stock', key: 'stockNoLifecycle', params: {} });
  const dateField = stock.dateField ?? def.period?.field;
  if (!dateField || !Object.hasOwn(def.schema.properties, dateField) || kindOf(def, dateField) !== 'date')
    out.push({ path: stock.dateField ? '/stock/dateField' : '/stock', key: 'stockNoDate', params: {} });
  const seen = new Map<string, { direction: string; forEach: string }>();
  stock.moves.forEach((move, i) => {
    const at = `/stock/moves/${i}`;
    if (seen.has(move.id)) out.push({ path: `${at}/id`, key: 'stockMoveId', params: { id: move.id } });
    const child =
      def.children && Object.hasOwn(def.children, move.forEach) ? def.children[move.forEach] : undefined;
    if (!child) {
      out.push({ path: `${at}/forEach`, key: 'stockForEach', params: { table: move.forEach } });
      seen.set(move.id, { direction: move.direction, forEach: move.forEach });
      return;
    }
    if (
      !lookupTo(
        Object.hasOwn(child.fields, move.item) ? child.fields[move.item] : undefined,
        STOCK_ITEM_ENTITY,
      )
    )
      out.push({
        path: `${at}/item`,
        key: 'stockItemField',
        params: { field: move.item, table: move.forEach },
      });
    warehouseProblems(`${at}/warehouse`, move.warehouse, def, child, move.forEach, out);
    lineNumberProblems(`${at}/quantity`, move.quantity, child, move.forEach, out);
    lineNumberProblems(`${at}/unitCost`, move.unitCost, child, move.forEach, out);
    if (move.direction !== 'in') {
      if (move.unitCost !== undefined)
        out.push({ path: `${at}/unitCost`, key: 'stockInOnly', params: { key: 'unitCost' } });
      if (move.pairWith !== undefined)
        out.push({ path: `${at}/pairWith`, key: 'stockInOnly', params: { key: 'pairWith' } });
    }
    if (move.pairWith !== undefined) {
      const pair = seen.get(move.pairWith);
      if (!pair || pair.direction !== 'out' || pair.forEach !== move.forEach)
        out.push({ path: `${at}/pairWith`, key: 'stockPair', params: { id: move.pairWith } });
    }
    seen.set(move.id, { direction: move.direction, forEach: move.forEach });
  });
  (stock.onHand ?? []).forEach((fill, i) => {
    const at = `/stock/onHand/${i}`;
    const child =
      def.children && Object.hasOwn(def.children, fill.forEach) ? def.children[fill.forEach] : undefined;
    if (!child) {
      out.push({ path: `${at}/forEach`, key: 'stockForEach', params: { table: fill.forEach } });
      return;
    }
    lineNumberProblems(`${at}/field`, fill.field, child, fill.forEach, out);
    if (
      !lookupTo(
        Object.hasOwn(child.fields, fill.item) ? child.fields[fill.item] : undefined,
        STOCK_ITEM_ENTITY,
      )
    )
      out.push({
        path: `${at}/item`,
        key: 'stockItemField',
        params: { field: fill.item, table: fill.forEach },
      });
    warehouseProblems(`${at}/warehouse`, fill.warehouse, def, child, fill.forEach, out);
  });
  return out;
}

/** Every expression of the declaration with its JSON path (safety.ts tries them within the budget). */
export function stockExpressions(def: EntityDefinition): [string, Expr][] {
  const out: [string, Expr][] = [];
  (def.stock?.moves ?? []).forEach((move, i) => {
    for (const part of ['quantity', 'unitCost', 'when'] as const) {
      const expr = move[part];
      if (expr !== undefined && typeof expr !== 'string') out.push([`/stock/moves/${i}/${part}`, expr]);
    }
  });
  return out;
}
