/**
 * Bulk actions on the grid's ticked rows: each row is one call of the entity's own action (the
 * server checks permission, row scope, version and the write pipeline per row, as for a single
 * row), one after the other, with the error catalogue kept quiet; the rows that failed come back
 * with the server's (Persian) reason, so the screen can report which rows and why at once.
 */
import { ApiError } from '../../runtime/http/ApiError';
import { api } from '../../runtime/http/pipeline';
import { apiPath, type EntityDefinition, type EntityRow } from '../../runtime/shared/definition';

export interface BulkFailure {
  row: EntityRow;
  reason: string;
}

export interface BulkResult {
  done: EntityRow[];
  failed: BulkFailure[];
}

/**
 * The server's reason of a failed call: its business errors (e.g. a workflow transition refused),
 * else its messages (field messages named), else `fallback`.
 */
export function failureReason(error: unknown, fallback: string): string {
  const envelope = error instanceof ApiError ? error.envelope : null;
  if (!envelope) return fallback;
  const data = envelope.Data as { BusinessErrors?: unknown } | null | undefined;
  const business = data && typeof data === 'object' ? data.BusinessErrors : undefined;
  if (Array.isArray(business) && business.length)
    return business.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join(' ');
  const texts = [
    ...(envelope.MessageTexts ?? []),
    ...(envelope.ServerMessageTexts ?? []).map((m) => m.Message),
  ].filter((t) => typeof t === 'string' && t !== '');
  return texts.length ? texts.join(' ') : fallback;
}

export type BulkCall = (row: EntityRow) => Promise<unknown>;

/** Runs `one` on each row in turn; never throws. */
export async function runBulk(rows: EntityRow[], one: BulkCall, fallback: string): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const row of rows) {
    try {
      await one(row);
      result.done.push(row);
    } catch (error) {
      result.failed.push({ row, reason: failureReason(error, fallback) });
    }
  }
  return result;
}

/** Delete of one row at the version the grid holds, the catalogue kept quiet (the screen reports). */
export function deleteCall(def: Pick<EntityDefinition, 'module' | 'name'>): BulkCall {
  return (row) => api.post(`${apiPath(def)}/Delete`, { id: row.id, version: row.version }, { silent: true });
}

/** Columns the server keeps itself: not sent back in the values of an Update. */
const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** A workflow state the ticked rows can be moved to: `to`, from which of the rows' states. */
export interface TransitionTarget {
  to: string;
  label: string;
}

/**
 * The states the ticked rows may move to: targets of the definition's transitions (GetDefinition
 * sends only the role's own) out of a state some ticked row is in.
 */
export function transitionTargets(
  def: EntityDefinition,
  rows: EntityRow[],
  label: (state: string) => string,
): TransitionTarget[] {
  const wf = def.workflow;
  if (!wf) return [];
  const states = new Set(rows.map((r) => (typeof r[wf.field] === 'string' ? r[wf.field] : wf.initial)));
  const targets = wf.transitions.filter((tr) => states.has(tr.from)).map((tr) => tr.to);
  return [...new Set(targets)].map((to) => ({ to, label: label(to) }));
}

/**
 * Moves one row to workflow state `to` through the row's own Update (the whole record as Get
 * answers it, the state changed): the server checks the transition, the role, the version and the
 * write pipeline as for a save of the form.
 */
export function transitionCall(def: EntityDefinition, to: string): BulkCall {
  const path = apiPath(def);
  return async (row) => {
    const fresh = await api.post<EntityRow>(`${path}/Get`, { id: row.id }, { silent: true });
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fresh)) if (!SYSTEM.has(name)) values[name] = value;
    values[def.workflow!.field] = to;
    return api.post(`${path}/Update`, { id: fresh.id, version: fresh.version, values }, { silent: true });
  };
}
