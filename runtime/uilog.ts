/**
 * UI error log (spec section 7: Management/UILog/Create, body { Log }). Window errors, unhandled
 * rejections and React error boundaries report here. The log call itself is silent (no catalogue)
 * and guarded, so a failing log call can never cause another log call.
 */
import { api } from './http/pipeline';
import { ApiError } from './http/ApiError';

let sending = false;

function describe(error: unknown, extra?: string): string {
  const base =
    error instanceof Error
      ? `${error.name}: ${error.message}\n${error.stack ?? ''}`
      : typeof error === 'string'
        ? error
        : JSON.stringify(error);
  const where = typeof location === 'undefined' ? '' : `\nat ${location.href}`;
  return `${base}${extra ? `\n${extra}` : ''}${where}`.slice(0, 8000);
}

export async function reportError(error: unknown, extra?: string): Promise<void> {
  // Failed API calls are already handled by the catalogue; logging them would only add noise.
  if (sending || error instanceof ApiError) return;
  sending = true;
  try {
    await api.post('Management/UILog/Create', { Log: describe(error, extra) }, { silent: true });
  } catch {
    // Never log the failure of the log call.
  } finally {
    sending = false;
  }
}

/** Installs window handlers; returns a function that removes them. */
export function installErrorLogging(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => void reportError(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => void reportError(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
