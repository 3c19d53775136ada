/**
 * Server actions of a definition's `rowActions` on the selected row (e.g. compute a payroll run):
 * confirm, `POST /api/{Module}/{Entity}/{Name}` with `{ id, version }`, toast. The server checks the
 * permission again; a refusal is shown by the pipeline's catalogue.
 */
import { api } from '../../runtime/http/pipeline';
import {
  apiPath,
  localText,
  pascal,
  type EntityDefinition,
  type EntityRow,
  type Lang,
  type RowAction,
} from '../../runtime/shared/definition';
import { confirm } from '../../runtime/ui/dialogs';
import { toast, type ToastRequest } from '../../runtime/ui/toasts';

export interface RowActionPorts {
  confirm: (message: string) => Promise<boolean>;
  /** A business call answering the envelope's Data (the updated row). */
  post: (path: string, body: unknown) => Promise<unknown>;
  toast: (request: ToastRequest) => void;
}

const PORTS: RowActionPorts = { confirm, post: (path, body) => api.post(path, body), toast };

/** The call path of an action: `Salary/PayrollRun/Compute`. */
export function rowActionPath(def: Pick<EntityDefinition, 'module' | 'name'>, action: RowAction): string {
  return `${apiPath(def)}/${pascal(action.name)}`;
}

/** Runs the action on `row`; the updated row, or null when not confirmed or refused. */
export async function runRowAction(
  def: Pick<EntityDefinition, 'module' | 'name'>,
  action: RowAction,
  row: EntityRow,
  lang: Lang,
  ports: RowActionPorts = PORTS,
): Promise<EntityRow | null> {
  if (action.confirm && !(await ports.confirm(localText(action.confirm, lang)))) return null;
  let updated: EntityRow;
  try {
    const body = { id: row.id, version: row.version };
    updated = (await ports.post(rowActionPath(def, action), body)) as EntityRow;
  } catch {
    return null; // the pipeline has shown the error
  }
  ports.toast({ text: localText(action.done, lang), kind: 'success', literal: true });
  return updated;
}
