/**
 * Believable field values for generated rows (server/demo/generate.ts), chosen by the field's kind
 * (KIND_VALUES, one generator per kind) and its enum, bounds, pattern and lookup: valid national
 * codes, Sheba numbers and mobiles, Persian names and text, dates in fiscal year 1405.
 * Deterministic from a seed.
 */
import { exactRound } from '../../runtime/shared/decimal';
import type { FieldMeta, FieldSchema } from '../../runtime/shared/definition';
import { kindField, multiEnumOptions, type FieldKind } from '../../runtime/shared/fieldKind';
import { CITIES, FIRST, LAST, companyId, nationalCode, sheba } from './seedData';

export type Rand = () => number;

/** Small deterministic generator (LCG), so a seed gives the same rows. */
export function rng(seed: number): Rand {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'کالا',
  'ارسال',
  'انبار',
  'سفارش',
  'تحویل',
  'مشتری',
  'پرداخت',
  'قرارداد',
  'فاکتور',
  'بازرگانی',
];
const STREETS = ['خیابان آزادی', 'خیابان ولیعصر', 'بلوار کشاورز', 'خیابان انقلاب', 'خیابان فردوسی'];
const BANKS = ['017', '012', '018', '055', '056', '054', '015', '019'];
/** 1 Farvardin 1405; fiscal year 1405 has 365 days. */
const YEAR_1405_START = Date.UTC(2026, 2, 21);

const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

function digits(r: Rand, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(r() * 10);
  return out;
}

/** Nine digits from the row number (unique per row), never ten equal digits after the check. */
function uniqueNationalCode(n: number): string {
  const nine = String(n % 1_000_000_000).padStart(9, '0');
  const code = nationalCode(nine);
  return /^(\d)\1{9}$/.test(code) ? nationalCode(String((n + 1) % 1e9).padStart(9, '0')) : code;
}

function fit(text: string, field: FieldSchema): string {
  const max = field.maxLength ?? 200;
  let out = text.length > max ? text.slice(0, max) : text;
  while (out.length < (field.minLength ?? 0)) out += 'ا';
  return out;
}

/** Context of one value: the row number (unique within the run), the run tag, the field name. */
export interface ValueSlot {
  name: string;
  /** The field's kind (runtime/shared/fieldKind.ts kindOf). */
  kind: FieldKind;
  field: FieldSchema;
  meta: FieldMeta | undefined;
  /** Ids of the lookup target, when the field is a lookup. */
  lookupIds?: number[];
  /** Name of the entity's display field (gets a Persian person or company name). */
  displayField?: string;
}

/** The run tag (`G` and base-36 letters) as digits, for codes of digits only. */
function tagDigits(tag: string): string {
  const n = parseInt(tag.slice(1), 36);
  return Number.isFinite(n) ? String(n) : '';
}

/**
 * Text matching `pattern`: a code made of the run tag and the row number (unique across runs with
 * other tags, so unique codes of two runs never clash), or digits only.
 */
function patterned(slot: ValueSlot, row: number, tag: string): string | null {
  const re = new RegExp(slot.field.pattern as string, 'u');
  const max = slot.field.maxLength ?? 20;
  const digitsOnly = `${tagDigits(tag)}${String(row).padStart(6, '0')}`;
  for (const candidate of [
    `${tag}-${row}`,
    `${tag}${row}`,
    digitsOnly,
    String(row).padStart(Math.min(max, 8), '0'),
  ])
    if (candidate.length <= max && re.test(candidate)) return candidate;
  return null;
}

/** A text by the field's pattern or name (a person or company name, a city, an address…). */
function text(slot: ValueSlot, r: Rand, row: number, tag: string, unique: boolean): string | null {
  const { field, name } = slot;
  if (field.pattern) return patterned(slot, row, tag);
  const lower = name.toLowerCase();
  let out: string;
  if (name === slot.displayField || lower.endsWith('name'))
    out = row % 4 === 0 ? `شرکت ${pick(r, WORDS)} ${pick(r, LAST)}` : `${pick(r, FIRST)} ${pick(r, LAST)}`;
  else if (lower.includes('city')) out = pick(r, CITIES);
  else if (lower.includes('address'))
    out = `${pick(r, CITIES)}، ${pick(r, STREETS)}، پلاک ${1 + (row % 200)}`;
  else if (lower.includes('phone')) out = `0${pick(r, ['21', '31', '51', '71'])}${digits(r, 8)}`;
  else out = `${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)}`;
  if (!unique) return fit(out, field);
  // the run tag and row number make it unique: they are kept whole when the text is cut to size
  const suffix = ` ${tag}${row}`;
  const room = (field.maxLength ?? 200) - suffix.length;
  return fit(room > 0 ? `${out.slice(0, room)}${suffix}` : suffix.trim(), field);
}

function integer(field: FieldSchema, r: Rand, money = false): number {
  const min = field.minimum ?? 0;
  const max = Math.min(field.maximum ?? min + 1_000_000, min + (money ? 1e12 : 1e6));
  const v = min + Math.floor(r() * (max - min + 1));
  // money: whole thousands of Rial, as people write them
  return money ? Math.max(min, Math.min(max, Math.round(v / 1000) * 1000)) : v;
}

type Value = string | number | boolean | null;
type Generator = (slot: ValueSlot, r: Rand, row: number, tag: string) => Value;

/** A number between the field's bounds (at most a million apart), with two decimals. */
function decimal(field: FieldSchema, r: Rand, places: number | undefined, span = 10_000): number {
  const min = field.minimum ?? 0;
  const max = Math.min(field.maximum ?? min + span, min + 1e6);
  const v = min + r() * (max - min);
  return places === undefined ? Math.round(v * 100) / 100 : Math.min(max, exactRound(v, places));
}

/** A number of the field's JSON type: integers as integer(), else decimal(). */
function numberOfType(slot: ValueSlot, r: Rand, money = false): number {
  return slot.field.type === 'integer'
    ? integer(slot.field, r, money)
    : decimal(slot.field, r, slot.meta?.precision);
}

/** A legal person's national id (شناسه ملی): 11 digits with its check digit. */
const companyIdValue: Generator = (_slot, r) => companyId(`${1 + Math.floor(r() * 8)}${digits(r, 9)}`);

/**
 * Text formats no kind owns, by the value they check (runtime/shared/formats): an economic code is
 * a legal person's national id (11 digits with its check digit).
 */
const TEXT_FORMATS: Record<string, Generator> = {
  'ir-economic-code': companyIdValue,
};

const plainText: Generator = (slot, r, row, tag) => {
  const format = typeof slot.field.format === 'string' ? TEXT_FORMATS[slot.field.format] : undefined;
  return format ? format(slot, r, row, tag) : text(slot, r, row, tag, slot.meta?.unique === true);
};

/** The value generator of each kind. */
export const KIND_VALUES: Record<FieldKind, Generator> = {
  text: plainText,
  longText: plainText,
  integer: (slot, r) => integer(slot.field, r),
  decimal: (slot, r) => numberOfType(slot, r),
  money: (slot, r) => numberOfType(slot, r, true),
  percent: (slot, r) =>
    slot.field.type === 'integer'
      ? integer({ ...slot.field, maximum: slot.field.maximum ?? 100 }, r)
      : decimal(slot.field, r, slot.meta?.precision ?? 2, 100),
  boolean: (_slot, r) => r() > 0.15,
  enum: (slot, r, row, tag) => {
    if (slot.field.enum?.length) return pick(r, slot.field.enum);
    return slot.field.type === 'string' ? plainText(slot, r, row, tag) : numberOfType(slot, r);
  },
  // one or two of the options, in their order
  multiEnum: (slot, r) => {
    const options = multiEnumOptions(kindField(slot.field, slot.meta));
    if (options.length === 0) return null;
    const chosen = new Set([pick(r, options), pick(r, options)]);
    return options.filter((o) => chosen.has(o)).join(',');
  },
  lookup: (slot, r) => (slot.lookupIds?.length ? pick(r, slot.lookupIds) : null),
  date: (_slot, r) => new Date(YEAR_1405_START + Math.floor(r() * 365) * 86400000).toISOString().slice(0, 10),
  dateTime: (_slot, r) => new Date(YEAR_1405_START + Math.floor(r() * 365 * 86400) * 1000).toISOString(),
  // office hours, on the quarter hour
  time: (_slot, r) =>
    `${String(8 + Math.floor(r() * 10)).padStart(2, '0')}:${pick(r, ['00', '15', '30', '45'])}`,
  companyId: companyIdValue,
  postalCode: (_slot, r) => `${1 + Math.floor(r() * 9)}${digits(r, 9)}`,
  nationalCode: (slot, r, row) =>
    slot.meta?.unique === true ? uniqueNationalCode(row) : nationalCode(digits(r, 9)),
  sheba: (_slot, r) => sheba(`0${pick(r, BANKS)}0000${digits(r, 14)}`.slice(0, 22)),
  mobile: (_slot, r) => `09${pick(r, ['12', '13', '19', '35', '36', '01', '21', '33'])}${digits(r, 7)}`,
  email: (_slot, _r, row, tag) => `user${row}.${tag}@example.ir`.toLowerCase(),
  // files are uploaded, never made up: generated rows hold none
  attachments: () => null,
  image: () => null,
};

/** One value for a field, or null to leave it empty. `row` is unique within the run. */
export function fieldValue(slot: ValueSlot, r: Rand, row: number, tag: string): Value {
  return KIND_VALUES[slot.kind](slot, r, row, tag);
}
