/** Value helpers of the entity form: what is sent, when it is dirty, server errors as ErrorSchema. */
import type { ErrorSchema } from '@rjsf/utils';
import type { EntityValues } from '../../runtime/entity/types';
import type { ServerMessage } from '../../runtime/shared/envelope';

/** Only the form's own fields, without undefined entries. */
export function pickValues(values: EntityValues | undefined, names: string[]): EntityValues {
  const out: EntityValues = {};
  if (!values) return out;
  for (const name of names) if (values[name] !== undefined) out[name] = values[name];
  return out;
}

export function sameValues(a: EntityValues, b: EntityValues, names: string[]): boolean {
  return names.every(
    (n) => (a[n] ?? null) === (b[n] ?? null) || JSON.stringify(a[n]) === JSON.stringify(b[n]),
  );
}

/** Server messages by field, as RJSF extraErrors (shown inline under each field). */
export function serverErrorSchema(messages: ServerMessage[], names: string[]): ErrorSchema {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const m of messages) {
    const field = names.includes(m.FieldName) ? m.FieldName : null;
    if (!field) continue;
    (schema[field] ??= { __errors: [] }).__errors.push(m.Message);
  }
  return schema as ErrorSchema;
}
