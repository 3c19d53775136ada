/** What a kind's parse, display and schema need of one field beyond its kind. */
import type { FieldMeta, FieldSchema, Lang, LocalText } from '../definition';

export interface KindField {
  /** The schema's enum values (enum kind; numeric enums parse typed digits to numbers). */
  enum?: readonly (string | number)[];
  /** Label per value (enum, multiEnum: the keys are a multiEnum's options, in order). */
  enumLabels?: Record<string, LocalText>;
  /** Decimal places (decimal, percent); absent: as stored. */
  precision?: number;
}

/** The KindField of a schema entry and its meta. */
export function kindField(schema: FieldSchema | undefined, meta: FieldMeta | undefined): KindField {
  const out: KindField = {};
  if (schema?.enum) out.enum = schema.enum;
  if (meta?.enumLabels) out.enumLabels = meta.enumLabels;
  if (meta?.precision !== undefined) out.precision = meta.precision;
  return out;
}

/** How a value is displayed beyond its language. */
export interface DisplayOptions {
  /**
   * `western`: Western digits whatever the language (CSV and spreadsheet cells that are texts, so
   * they stay searchable); default `local`: Persian digits in fa.
   */
  digits?: 'local' | 'western';
  /** IANA time zone date-times are shown in; default the local zone of the running process. */
  timeZone?: string;
  /** A lookup's display text (the looked-up row's display field), when known; else the id is shown. */
  lookupText?: string;
}

/** The display language of digits under `options`. */
export function digitLang(lang: Lang, options: DisplayOptions | undefined): Lang {
  return options?.digits === 'western' ? 'en' : lang;
}
