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
