/**
 * Checks of a written value that its kind makes beyond the JSON Schema (which the browser's
 * validator shares): a multi-select's schema checks the shape of its list ("a,b"), this checks
 * that each value is one of its options (runtime/shared/fieldKind.ts unknownOptions). One
 * exhaustive table per kind (null: the schema says it all).
 */
import type { Lang } from '../../runtime/shared/definition';
import {
  kindField,
  kindOf,
  multiEnumOptions,
  unknownOptions,
  type FieldKind,
  type KindField,
  type KindSource,
} from '../../runtime/shared/fieldKind';
import { message, type Message } from '../i18n';
import type { Row } from './rows';

/** The message (key, parameters, text) of a value the kind refuses, or null when it is fine. */
type KindCheck = (value: unknown, field: KindField, lang: Lang) => Message | null;

const optionsOnly: KindCheck = (value, field, lang) =>
  unknownOptions(value, field).length === 0
    ? null
    : message(lang, 'validation.enum', { allowedValues: multiEnumOptions(field).join(', ') });

export const KIND_CHECKS: Record<FieldKind, KindCheck | null> = {
  text: null,
  longText: null,
  integer: null,
  decimal: null,
  money: null,
  percent: null,
  boolean: null,
  enum: null,
  multiEnum: optionsOnly,
  lookup: null,
  date: null,
  dateTime: null,
  time: null,
  nationalCode: null,
  companyId: null,
  postalCode: null,
  sheba: null,
  mobile: null,
  email: null,
  // ids and their files: server/attachments/links.ts, inside the write
  attachments: null,
  image: null,
};

/** The fields of `row` (valid by the schema) whose values their kind refuses, with the message. */
export function kindErrors(source: KindSource, row: Row, lang: Lang): { field: string; message: Message }[] {
  const out: { field: string; message: Message }[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (value === null || value === undefined || !Object.hasOwn(source.schema.properties, name)) continue;
    const check = KIND_CHECKS[kindOf(source, name)];
    const refused = check?.(value, kindField(source.schema.properties[name], source.fields[name]), lang);
    if (refused) out.push({ field: name, message: refused });
  }
  return out;
}
