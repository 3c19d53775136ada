/** Inline field errors from a failed call's envelope (ServerMessageTexts), translated when keys. */
import { ApiError } from '../runtime/http/ApiError';
import { i18next } from './i18n';

export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.envelope) return out;
  for (const m of error.envelope.ServerMessageTexts ?? []) {
    const text = i18next.t(`errors.${m.Message}`, { defaultValue: m.Message });
    out[m.FieldName] = out[m.FieldName] ? `${out[m.FieldName]} ${text}` : text;
  }
  return out;
}
