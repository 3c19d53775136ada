/**
 * Per kind: the JSON Schema shape of its fields, how input becomes the stored value, how a stored
 * value is shown (fa/en), how a list filters it and whether it sorts. One exhaustive table: a kind
 * missing here is a type error.
 */
import { ATTACHMENT_IDS_PATTERN, formatAttachmentIds, parseAttachmentIds } from '../attachments';
import { exactRound } from '../decimal';
import type { FieldSchema, Lang } from '../definition';
import { localText } from '../definition';
import { jalaliToIso, parseIso } from '../jalali';
import { toWesternDigits } from '../normalize';
import { dateText, dateTimeText, parseDateTime, parseTime, timeText } from './dateTimeText';
import { digitLang, type DisplayOptions, type KindField } from './field';
import type { FieldKind, FilterFamily } from './kinds';
import { MULTI_ENUM_PATTERN, multiEnumValues } from './multiEnum';
import { formatMoney, localDigits, parseNumberInput, plainNumber } from './numberText';

export interface KindSpec {
  /** JSON Schema types a field of the kind may have; the first is a new field's. */
  types: readonly FieldSchema['type'][];
  /** The format a field of the kind carries in its schema, if the kind has one. */
  format?: string;
  /** The schema entry of a new field of the kind (the designer, a changed kind). */
  schema(field: KindField): FieldSchema;
  /**
   * Typed text or a sent value → the value stored: undefined when empty; the input unchanged when
   * it is not a value of the kind (validation then names the field).
   */
  parse(input: unknown, field: KindField): unknown;
  /** The text of a stored, non-empty value. */
  display(value: unknown, lang: Lang, field: KindField, options: DisplayOptions): string;
  /** How a list filters the field (none: not at all). */
  filter: FilterFamily;
  /** Whether a list may sort by the field (the definition must still ask: `sortable`). */
  sortable: boolean;
  /** Numbers: right-aligned in lists, edited with separators. */
  numeric: boolean;
}

const YES_NO: Record<Lang, readonly [string, string]> = { fa: ['بله', 'خیر'], en: ['Yes', 'No'] };
const LIST_SEPARATOR: Record<Lang, string> = { fa: '، ', en: ', ' };
const PERCENT_SIGN: Record<Lang, string> = { fa: '٪', en: '%' };

/** Typed text or a number → a number; '' → undefined; other text unchanged. */
function parseNumber(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const n = parseNumberInput(input);
  return n === undefined ? undefined : Number.isNaN(n) ? input : n;
}

function parsePrecise(input: unknown, field: KindField): unknown {
  const n = parseNumber(input);
  return typeof n === 'number' && field.precision !== undefined ? exactRound(n, field.precision) : n;
}

function emptyText(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  return input.trim() === '' ? undefined : input;
}

/** Digits of an identifier typed with any digits, spaces and dashes dropped. */
function parseCode(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const code = toWesternDigits(input).replace(/[\s-]/g, '');
  return code === '' ? undefined : code;
}

function numberText(value: unknown, field: KindField): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (field.precision === undefined) return plainNumber(value);
  return exactRound(value, field.precision).toFixed(field.precision);
}

function plain(value: unknown, lang: Lang, options: DisplayOptions): string {
  return localDigits(String(value), digitLang(lang, options));
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

/** The value whose label (in any language) is `text`, else undefined. */
function valueOfLabel(text: string, field: KindField): string | undefined {
  const wanted = text.trim();
  for (const [value, label] of Object.entries(field.enumLabels ?? {}))
    if (Object.values(label).some((l) => l === wanted)) return value;
  return undefined;
}

function labelOf(value: string, lang: Lang, field: KindField, options: DisplayOptions): string {
  const label =
    field.enumLabels && Object.hasOwn(field.enumLabels, value) ? field.enumLabels[value] : undefined;
  // a label's figures in the language's digits, like a field's (its definition reached the browser
  // through the pipeline, which makes every digit Western)
  return plain(label ? localText(label, lang) : value, lang, options);
}

function fileCount(value: unknown, lang: Lang, _field: KindField, options: DisplayOptions): string {
  const n = parseAttachmentIds(value).length;
  const count = localDigits(String(n), digitLang(lang, options));
  return lang === 'fa' ? `${count} فایل` : `${count} ${n === 1 ? 'file' : 'files'}`;
}

const textSpec = (filter: FilterFamily, sortable: boolean): KindSpec => ({
  types: ['string'],
  schema: () => ({ type: 'string' }),
  parse: emptyText,
  // a text field may name some of its values (enumLabels, or labelsFrom filled in by the server):
  // those show their label, any other value shows as stored
  display: (value, lang, field, options) => labelOf(String(value), lang, field, options),
  filter,
  sortable,
  numeric: false,
});

const formatSpec = (format: string, parse: (input: unknown) => unknown, digits: boolean): KindSpec => ({
  types: ['string'],
  format,
  schema: () => ({ type: 'string', format }),
  parse,
  display: (value, lang, _field, options) => (digits ? plain(value, lang, options) : String(value)),
  filter: 'text',
  sortable: true,
  numeric: false,
});

const fileSpec: KindSpec = {
  types: ['string'],
  schema: () => ({ type: 'string', maxLength: 400, pattern: ATTACHMENT_IDS_PATTERN }),
  parse: (input) => {
    if (Array.isArray(input)) return input.length ? formatAttachmentIds(input.map(Number)) : undefined;
    return emptyText(input);
  },
  display: fileCount,
  filter: 'none',
  sortable: false,
  numeric: false,
};

export const KINDS: Record<FieldKind, KindSpec> = {
  text: textSpec('text', true),
  longText: textSpec('text', false),
  integer: {
    types: ['integer'],
    schema: () => ({ type: 'integer' }),
    parse: parseNumber,
    display: (value, lang, field, options) => {
      const text = numberText(value, {});
      return text === null ? plain(value, lang, options) : localDigits(text, digitLang(lang, options));
    },
    filter: 'number',
    sortable: true,
    numeric: true,
  },
  decimal: {
    types: ['number', 'integer'],
    schema: () => ({ type: 'number' }),
    parse: parsePrecise,
    display: (value, lang, field, options) => {
      const text = numberText(value, field);
      return text === null ? plain(value, lang, options) : localDigits(text, digitLang(lang, options));
    },
    filter: 'number',
    sortable: true,
    numeric: true,
  },
  money: {
    types: ['integer', 'number'],
    schema: () => ({ type: 'integer' }),
    parse: parseNumber,
    display: (value, lang, _field, options) =>
      typeof value === 'number' ? formatMoney(value, digitLang(lang, options)) : plain(value, lang, options),
    filter: 'number',
    sortable: true,
    numeric: true,
  },
  percent: {
    types: ['number', 'integer'],
    schema: () => ({ type: 'number' }),
    parse: (input, field) =>
      parsePrecise(typeof input === 'string' ? input.replace(/[%٪]/g, '') : input, field),
    display: (value, lang, field, options) => {
      const text = numberText(value, field);
      if (text === null) return plain(value, lang, options);
      return `${localDigits(text, digitLang(lang, options))}${PERCENT_SIGN[lang]}`;
    },
    filter: 'number',
    sortable: true,
    numeric: true,
  },
  boolean: {
    types: ['boolean'],
    schema: () => ({ type: 'boolean' }),
    parse: (input) => {
      if (typeof input !== 'string') return input;
      const text = input.trim().toLowerCase();
      if (text === '') return undefined;
      if (['true', '1', 'yes', 'بله'].includes(text)) return true;
      if (['false', '0', 'no', 'خیر'].includes(text)) return false;
      return input;
    },
    display: (value, lang) => YES_NO[lang][isTrue(value) ? 0 : 1]!,
    filter: 'boolean',
    sortable: true,
    numeric: false,
  },
  enum: {
    types: ['string', 'integer'],
    schema: (field) => ({ type: 'string', enum: [...(field.enum ?? Object.keys(field.enumLabels ?? {}))] }),
    parse: (input, field) => {
      if (typeof input !== 'string') return input;
      if (input.trim() === '') return undefined;
      if (field.enum?.includes(input)) return input;
      const byLabel = valueOfLabel(input, field);
      if (byLabel !== undefined) return field.enum?.find((v) => String(v) === byLabel) ?? byLabel;
      const n = parseNumberInput(input);
      return n !== undefined && field.enum?.includes(n) ? n : input;
    },
    display: (value, lang, field, options) => labelOf(String(value), lang, field, options),
    filter: 'set',
    sortable: true,
    numeric: false,
  },
  multiEnum: {
    types: ['string'],
    schema: () => ({ type: 'string', pattern: MULTI_ENUM_PATTERN }),
    parse: (input, field) => {
      if (typeof input !== 'string' && !Array.isArray(input)) return input;
      // typed as shown: labels separated by «،» or «,»
      const parts = typeof input === 'string' ? input.split(/[,،]/) : input;
      const values = multiEnumValues(parts.map((p) => valueOfLabel(String(p), field) ?? String(p)));
      return values.length ? values.join(',') : undefined;
    },
    display: (value, lang, field, options) =>
      multiEnumValues(value)
        .map((v) => labelOf(v, lang, field, options))
        .join(LIST_SEPARATOR[lang]),
    filter: 'set',
    sortable: false,
    numeric: false,
  },
  lookup: {
    types: ['integer'],
    schema: () => ({ type: 'integer' }),
    parse: parseNumber,
    display: (value, lang, _field, options) => plain(options.lookupText ?? value, lang, options),
    // filtered by a picked record (the grid's lookup filter), never by ids typed; sorted by the
    // display text on the server (server/entities/lookupSort.ts)
    filter: 'none',
    sortable: true,
    numeric: false,
  },
  date: {
    types: ['string'],
    format: 'date',
    schema: () => ({ type: 'string', format: 'date' }),
    parse: (input) => {
      if (typeof input !== 'string') return input;
      if (input.trim() === '') return undefined;
      const western = toWesternDigits(input.trim());
      if (parseIso(western) && western.length === 10) return western;
      return jalaliToIso(input) ?? input;
    },
    display: (value, lang, _field, options) => plain(dateText(String(value)), lang, options),
    filter: 'date',
    sortable: true,
    numeric: false,
  },
  dateTime: {
    types: ['string'],
    format: 'date-time',
    schema: () => ({ type: 'string', format: 'date-time' }),
    parse: (input) => {
      if (typeof input !== 'string') return input;
      if (input.trim() === '') return undefined;
      return parseDateTime(input) ?? input;
    },
    display: (value, lang, _field, options) =>
      plain(dateTimeText(String(value), options.timeZone), lang, options),
    filter: 'date',
    sortable: true,
    numeric: false,
  },
  time: {
    types: ['string'],
    format: 'time',
    schema: () => ({ type: 'string', format: 'time' }),
    parse: (input) => {
      if (typeof input !== 'string') return input;
      if (input.trim() === '') return undefined;
      return parseTime(input) ?? input;
    },
    display: (value, lang, _field, options) => plain(timeText(String(value)), lang, options),
    filter: 'text',
    sortable: true,
    numeric: false,
  },
  nationalCode: formatSpec('ir-national-code', parseCode, true),
  companyId: formatSpec('ir-company-id', parseCode, true),
  postalCode: formatSpec('ir-postal-code', parseCode, true),
  sheba: formatSpec(
    'ir-sheba',
    (input) => {
      const code = parseCode(input);
      return typeof code === 'string' ? code.toUpperCase() : code;
    },
    true,
  ),
  mobile: formatSpec('ir-mobile', parseCode, true),
  email: formatSpec('email', (input) => (typeof input === 'string' ? emptyText(input.trim()) : input), false),
  attachments: fileSpec,
  image: fileSpec,
};

/** The text of a stored value of a kind, in `lang`; '' for an empty one (null, undefined, ''). */
export function displayValue(
  kind: FieldKind,
  value: unknown,
  lang: Lang,
  field: KindField = {},
  options: DisplayOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  return KINDS[kind].display(value, lang, field, options);
}

/** Typed text or a sent value → the value stored (see KindSpec.parse). */
export function parseValue(kind: FieldKind, input: unknown, field: KindField = {}): unknown {
  if (input === null) return input;
  return KINDS[kind].parse(input, field);
}
