/**
 * The "stock" effect (server/entities/write/steps/effects.ts) of every definition that declares
 * `stock`: when such a document is finalised, its planned moves (stockPlan.ts) change the balances
 * of their item × warehouse, one atomic statement each (stockStore.ts), and write the stock
 * ledger's entries, in the SAME transaction; an issue beyond what is on hand is refused (417
 * naming the item, the warehouse and the quantity available) unless the item allows negative
 * stock, and nothing of the finalisation is kept. The costs taken are left on the write state
 * (w.stockCosts) for the posting effect, registered after this one. When the document is
 * cancelled its entries are taken back out of the balances exactly (quantity and value) and
 * deleted, so the kardex shows the documents in force; taking back a receipt whose stock has gone
 * out since is refused alike.
 */
import type { Lang } from '../../runtime/shared/definition';
import { sentenceQuantity } from '../../runtime/shared/fieldKinds/numberText';
import {
  ALLOW_NEGATIVE_FIELD,
  STOCK_ITEM_ENTITY,
  STOCK_WAREHOUSE_ENTITY,
  fromMilli,
  mulDivRound,
  valueAt,
} from '../../runtime/shared/stock';
import type { Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { stockCostsOf, type CostedMove } from './stockCosts';
import { planMoves, stockDate, StockRefused, type PlannedMove } from './stockPlan';
import {
  addEntries,
  entriesOf,
  issue,
  lockBalances,
  onHandNow,
  receive,
  removeEntries,
  takeBack,
  type StockEntry,
  type StockKey,
} from './stockStore';

/** A stock refusal as the answer: 417 BusinessRuleViolated with the reason in the request's language. */
export function stockError(refused: StockRefused): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `stock.${refused.key}`, refused.params(lang))],
  }));
}

/** Whether each item allows negative stock (its `allowNegative` field). */
export async function allowNegativeOf(
  db: Untyped,
  registry: Registry,
  items: readonly number[],
): Promise<Map<number, boolean>> {
  const entity = registry.byEntityKey(STOCK_ITEM_ENTITY);
  const out = new Map<number, boolean>();
  if (!entity || !Object.hasOwn(entity.def.schema.properties, ALLOW_NEGATIVE_FIELD) || items.length === 0)
    return out;
  const rows = (await db
    .selectFrom(entity.table)
    .select(['id', ALLOW_NEGATIVE_FIELD])
    .where('id', 'in', [...new Set(items)])
    .execute()) as Record<string, unknown>[];
  for (const r of rows)
    out.set(Number(r.id), r[ALLOW_NEGATIVE_FIELD] === true || r[ALLOW_NEGATIVE_FIELD] === 1);
  return out;
}

/** The display text of a row of the items or warehouses (its id when it has none). */
async function nameOf(db: Untyped, registry: Registry, key: string, id: number): Promise<string> {
  const entity = registry.byEntityKey(key);
  if (!entity) return String(id);
  const field = entity.def.displayField;
  const code = Object.hasOwn(entity.def.schema.properties, 'code') ? 'code' : null;
  const row = (await db
    .selectFrom(entity.table)
    .select(code && code !== field ? [field, code] : [field])
    .where('id', '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const name = row?.[field];
  const codeText = code && code !== field ? row?.[code] : null;
  if (name === null || name === undefined) return String(id);
  return codeText ? `${String(codeText)} — ${String(name)}` : String(name);
}

/** 417: the stock of `key` does not cover `quantity` (thousandths), with what is available. */
async function shortage(
  w: WriteState,
  key: StockKey,
  quantity: bigint,
  textKey: 'shortage' | 'cancelShortage',
  row: number | null,
): Promise<HttpError> {
  const [item, warehouse, available] = await Promise.all([
    nameOf(w.db, w.ctx.registry, STOCK_ITEM_ENTITY, key.item),
    nameOf(w.db, w.ctx.registry, STOCK_WAREHOUSE_ENTITY, key.warehouse),
    onHandNow(w.db, key),
  ]);
  return stockError(
    new StockRefused(textKey, (lang) => ({
      item,
      warehouse,
      available: sentenceQuantity(fromMilli(available), lang),
      quantity: sentenceQuantity(fromMilli(quantity), lang),
      row: row ?? '',
    })),
  );
}

/** The cost an `in` move comes in at: declared, paired with an out move's cost, or null (the average). */
function inCost(
  m: PlannedMove,
  planned: readonly PlannedMove[],
  costs: Map<PlannedMove, bigint>,
): bigint | null {
  if (m.pairWith) {
    const out = planned.find(
      (p) => p.move === m.pairWith && p.forEach === m.forEach && p.lineIndex === m.lineIndex,
    );
    const cost = out ? costs.get(out) : undefined;
    if (!out || cost === undefined) return null;
    return out.quantity === m.quantity ? cost : mulDivRound(cost, m.quantity, out.quantity);
  }
  return m.unitCost === null ? null : valueAt(m.unitCost, m.quantity);
}

/** Moves the stock of the finalised document of `w` and writes its entries. */
async function finalise(w: WriteState): Promise<void> {
  const def = w.entity.def;
  if (!def.stock || !w.row) return;
  let planned: PlannedMove[];
  try {
    planned = planMoves({ def, values: w.row, lines: w.lines });
  } catch (e) {
    if (e instanceof StockRefused) throw stockError(e);
    throw e;
  }
  const counts = Object.fromEntries(Object.entries(w.lines).map(([k, rows]) => [k, rows.length]));
  if (planned.length === 0) {
    w.stockCosts = stockCostsOf([], counts);
    return;
  }
  const date = stockDate(def, w.row);
  if (!date) throw stockError(new StockRefused('dateMissing', () => ({})));
  const d = w.ctx.dialect;
  const allow = await allowNegativeOf(
    w.db,
    w.ctx.registry,
    planned.map((m) => m.item),
  );
  await lockBalances(w.db, d, planned);
  const costs = new Map<PlannedMove, bigint>();
  const entries: StockEntry[] = [];
  const number = w.row[def.displayField];
  for (const m of planned) {
    const key = { item: m.item, warehouse: m.warehouse };
    let cost: bigint;
    if (m.direction === 'out') {
      const moved = await issue(w.db, d, key, m.quantity, allow.get(m.item) ?? false);
      if (!moved) throw await shortage(w, key, m.quantity, 'shortage', m.lineIndex + 1);
      cost = moved.cost;
    } else cost = (await receive(w.db, d, key, m.quantity, inCost(m, planned, costs))).cost;
    costs.set(m, cost);
    entries.push({
      ...key,
      date,
      quantity: m.direction === 'out' ? -m.quantity : m.quantity,
      value: m.direction === 'out' ? -cost : cost,
      direction: m.direction,
      sourceEntity: w.entity.key,
      sourceId: Number(w.row.id),
      sourceLine: m.lineId,
      lineNo: m.lineIndex,
      move: m.move,
      sourceNumber: number === null || number === undefined ? null : String(number).slice(0, 120),
    });
  }
  await addEntries(w.db, entries);
  const costed: CostedMove[] = planned.map((m) => ({
    direction: m.direction,
    forEach: m.forEach,
    lineIndex: m.lineIndex,
    paired: m.pairWith !== null,
    cost: costs.get(m) ?? 0n,
  }));
  w.stockCosts = stockCostsOf(costed, counts);
}

/** Takes the entries of the cancelled document of `w` back out of the balances and deletes them. */
async function cancel(w: WriteState): Promise<void> {
  const def = w.entity.def;
  if (!def.stock || !w.row) return;
  const id = Number(w.row.id);
  const entries = await entriesOf(w.db, w.entity.key, id);
  if (entries.length === 0) return;
  const d = w.ctx.dialect;
  const allow = await allowNegativeOf(
    w.db,
    w.ctx.registry,
    entries.map((e) => e.item),
  );
  await lockBalances(w.db, d, entries);
  for (const e of [...entries].reverse())
    if (!(await takeBack(w.db, d, e, allow.get(e.item) ?? false)))
      throw await shortage(w, e, e.quantity, 'cancelShortage', e.lineNo + 1);
  await removeEntries(w.db, w.entity.key, id);
}

/** Registers the stock effect (idempotent); before the posting effect, which reads its costs. */
export function registerStockEffect(): void {
  registerEffect({ name: 'stock', onFinalise: finalise, onCancel: cancel });
}
