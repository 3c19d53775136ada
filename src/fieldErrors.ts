/** Inline field errors from a failed call's envelope (ServerMessageTexts): each message's key translated. */
import { ApiError } from '../runtime/http/ApiError';
import { messageText } from '../runtime/shared/envelope';
import { i18next } from './i18n';

export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.envelope) return out;
  for (const m of error.envelope.ServerMessageTexts ?? []) {
    const text = messageText(m, (key, params) => i18next.t(key, params));
    out[m.FieldName] = out[m.FieldName] ? `${out[m.FieldName]} ${text}` : text;
  }
  return out;
}
