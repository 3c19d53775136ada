/**
 * Allocations (docs/treasury.md), declared in definitions and applied by generic code:
 * - a document declaring `allocations` (a receipt: its lines name invoices and amounts) takes,
 *   when it is finalised, each amount off the open amount of the document it names (the target
 *   declares `settlement`: its `open` field), in ONE conditional UPDATE per target
 *   (`open = open − x WHERE open >= x`), so concurrent receipts never take more than is open; a
 *   target that is not final, another party's (`match`), of an entity without `settlement` or
 *   without that much open is refused (417, nothing kept); cancelling the document gives the
 *   amounts back;
 * - a target's `open` is the server's (the `settlement` entity rule): a new document's is its
 *   total, a change keeps what was allocated (open = total − allocated), whatever a client sends;
 * - a target with something allocated cannot be cancelled (417: cancel its receipts first).
 */
import { sql } from 'kysely';
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { docStateOf } from '../../runtime/shared/lifecycle';
import type { AllocationSpec } from '../../runtime/shared/treasury';
import type { Entity, Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { EntityRule } from '../entities/rules/types';
import { toApiRow, type Row } from '../entities/rows';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { fieldMetaOf } from '../accounting/postingBuilder';
import { existingIds } from '../entities/references';
import { permissionsByEntity } from '../security/permissions';

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const asAmount = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? Math.round(n) : 0;
};

function refusal(key: string, params: (lang: Lang) => Record<string, unknown>): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `allocation.${key}`, params(lang))],
  }));
}

/** One target and the amount allocated to it (amounts of lines naming it added). */
interface Allocation {
  spec: AllocationSpec;
  target: Entity;
  id: number;
  amount: number;
}

/** What `def`'s declarations allocate from the document `values` with its `lines`. */
function allocationsOf(
  w: WriteState,
  def: EntityDefinition,
  values: Row,
  lines: Record<string, Row[]>,
): Allocation[] {
  const out = new Map<string, Allocation>();
  for (const spec of def.allocations ?? []) {
    const key = fieldMetaOf(def, spec.target, spec.forEach)?.lookup?.entity ?? '';
    const target = w.ctx.registry.byEntityKey(key);
    if (!target) continue;
    const rows = spec.forEach ? (lines[spec.forEach] ?? []) : [values];
    for (const row of rows) {
      const id = asId(row[spec.target]);
      const amount = asAmount(row[spec.amount]);
      if (id === null || amount <= 0) continue;
      const k = `${spec.id}|${id}`;
      const same = out.get(k);
      if (same) same.amount += amount;
      else out.set(k, { spec, target, id, amount });
    }
  }
  return [...out.values()];
}

/** The target as a message names it: «فاکتورهای فروش INV-1405-000012». */
function targetText(target: Entity, row: Row | undefined, id: number, lang: Lang): string {
  const shown = row?.[target.def.displayField];
  return `${localText(target.def.title, lang)} ${shown === null || shown === undefined ? `#${id}` : String(shown)}`;
}

async function readTarget(w: WriteState, a: Allocation): Promise<Row | undefined> {
  const row = (await w.db
    .selectFrom(a.target.table)
    .selectAll()
    .where('id', '=', a.id)
    .executeTakeFirst()) as Row | undefined;
  return row ? toApiRow(a.target, row) : undefined;
}

/** Whether the user finalising may read the target: its entity's view right and its row scope. */
async function mayRead(w: WriteState, a: Allocation): Promise<boolean> {
  if (w.request.byEffect || !w.user) return true;
  if (!(await permissionsByEntity(w.ctx, w.user)).get(a.target.key)?.view) return false;
  return (await existingIds(w.ctx, w.db, a.target, w.user, [a.id])).has(a.id);
}

/** Takes the document's allocations off its targets' open amounts (Finalise). */
async function allocate(w: WriteState): Promise<void> {
  const def = w.entity.def;
  if (!def.allocations?.length || !w.row) return;
  for (const a of allocationsOf(w, def, w.row, w.lines)) {
    const settlement = a.target.def.settlement;
    // a target the finaliser may not read is named by nothing of its own (number, open amount)
    if (!(await mayRead(w, a)))
      throw refusal('notVisible', (lang) => ({ target: `${localText(a.target.def.title, lang)} #${a.id}` }));
    const target = await readTarget(w, a);
    const name = (lang: Lang) => targetText(a.target, target, a.id, lang);
    if (!settlement || !target)
      throw refusal('notSettled', (lang) => ({ target: name(lang), id: a.spec.id }));
    if (a.target.def.lifecycle && docStateOf(target) !== 'final')
      throw refusal('targetNotFinal', (lang) => ({ target: name(lang) }));
    for (const [own, theirs] of Object.entries(a.spec.match ?? {}))
      if (String(w.row[own] ?? '') !== String(target[theirs] ?? ''))
        throw refusal('mismatch', (lang) => ({
          target: name(lang),
          field: localText(def.fields[own]?.label, lang) || own,
        }));
    // one atomic conditional update: concurrent allocations never take more than is open
    const taken = await w.db
      .updateTable(a.target.table)
      .set({ [settlement.open]: sql`${sql.ref(settlement.open)} - ${a.amount}`, version: sql`version + 1` })
      .where('id', '=', a.id)
      .where(settlement.open, '>=', a.amount)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const open = asAmount((await readTarget(w, a))?.[settlement.open]);
      throw refusal('overAllocated', (lang) => ({ target: name(lang), amount: a.amount, open }));
    }
  }
}

/** Gives the document's allocations back to its targets (Cancel). */
async function release(w: WriteState): Promise<void> {
  const def = w.entity.def;
  if (!def.allocations?.length || !w.row) return;
  for (const a of allocationsOf(w, def, w.row, w.lines)) {
    const settlement = a.target.def.settlement;
    if (!settlement) continue;
    await w.db
      .updateTable(a.target.table)
      .set({ [settlement.open]: sql`${sql.ref(settlement.open)} + ${a.amount}`, version: sql`version + 1` })
      .where('id', '=', a.id)
      .execute();
  }
}

/** A target with something allocated is not cancelled (its receipts are cancelled first). */
async function guard(w: WriteState): Promise<void> {
  const settlement = w.entity.def.settlement;
  if (!settlement || w.request.transition !== 'cancel' || !w.before) return;
  const open = asAmount(w.before[settlement.open]);
  const total = asAmount(w.before[settlement.total]);
  if (open < total)
    throw refusal('targetSettled', (lang) => ({
      target: targetText(w.entity, w.before ?? undefined, Number(w.before?.id), lang),
      allocated: total - open,
    }));
}

/**
 * Keeps a settled document's `open` field the server's: a new one's is its total; a change keeps
 * what final documents allocated to it (open = total − (stored total − stored open)), whatever a
 * client sends (an Amend's copy starts whole again).
 */
export const settlementRule: EntityRule = {
  name: 'settlement',
  run(c) {
    const settlement = c.entity.def.settlement;
    if (!settlement || !c.values) return Promise.resolve(c.values);
    const total = asAmount(c.values[settlement.total]);
    const allocated = c.before
      ? Math.max(
          0,
          asAmount(c.before[settlement.total]) -
            asAmount(c.before[settlement.open] ?? c.before[settlement.total]),
        )
      : 0;
    return Promise.resolve({ ...c.values, [settlement.open]: total - allocated });
  },
};

/** Registers the allocation effect (idempotent). */
export function registerAllocationEffect(): void {
  registerEffect({ name: 'allocation', onFinalise: allocate, onCancel: release, guard });
}

/**
 * Settled documents stored without their open amount (the demo's, rows of an entity that newly
 * declares `settlement`) get open = total: nothing was allocated to them. At start, on Publish and
 * in the seed; idempotent.
 */
export async function backfillSettlements(db: Untyped, registry: Registry): Promise<void> {
  for (const entity of registry.all()) {
    const settlement = entity.def.settlement;
    if (!settlement) continue;
    await db
      .updateTable(entity.table)
      .set({ [settlement.open]: sql.ref(settlement.total) })
      .where(settlement.open, 'is', null)
      .execute();
  }
}
