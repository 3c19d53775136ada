/**
 * ajv set up once for both sides: the same formats and options, so the server refuses exactly what
 * the form would. Error messages are translation keys (see assets/i18n/share/*.json, "validation").
 */
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { CUSTOM_FORMAT_DEFINITIONS } from './formats';
import { messageParams, type ServerMessage } from './envelope';

export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allowUnionTypes: true,
};

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri']);
  for (const [name, format] of Object.entries(CUSTOM_FORMAT_DEFINITIONS)) ajv.addFormat(name, format);
  return ajv;
}

/** Field name an ajv error is about ('' for the whole object). */
export function errorField(error: ErrorObject): string {
  if (error.keyword === 'required')
    return String((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties')
    return String((error.params as { additionalProperty: string }).additionalProperty);
  const path = error.instancePath.split('/').filter(Boolean);
  return path[0] ?? '';
}

/** Translation key of an ajv error, e.g. validation.required, validation.format.ir-sheba. */
export function errorKey(error: ErrorObject): string {
  if (error.keyword === 'format') return `validation.format.${(error.params as { format: string }).format}`;
  return `validation.${error.keyword}`;
}

export function toServerMessages(
  errors: ErrorObject[] | null | undefined,
  translate: (key: string, params: Record<string, unknown>) => string,
): ServerMessage[] {
  const seen = new Set<string>();
  const out: ServerMessage[] = [];
  for (const e of errors ?? []) {
    const field = errorField(e);
    if (seen.has(field)) continue; // one message per field is enough to fix it
    seen.add(field);
    const Params = messageParams({ ...e.params });
    out.push({ FieldName: field, Key: errorKey(e), Params, Message: translate(errorKey(e), Params) });
  }
  return out;
}
