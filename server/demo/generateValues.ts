/**
 * Believable field values for generated rows (server/db/generate.ts), chosen from a field's type,
 * format, enum, bounds, pattern and lookup: valid national codes, Sheba numbers and mobiles,
 * Persian names and text, dates in fiscal year 1405. Deterministic from a seed.
 */
import type { FieldMeta, FieldSchema } from '../../runtime/shared/definition';
import { CITIES, FIRST, LAST, nationalCode, sheba } from './seedData';

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
  field: FieldSchema;
  meta: FieldMeta | undefined;
  /** Ids of the lookup target, when the field is a lookup. */
  lookupIds?: number[];
  /** Name of the entity's display field (gets a Persian person or company name). */
  displayField?: string;
}

/** Text matching `pattern`: a code made of the run tag and the row number, or digits only. */
function patterned(slot: ValueSlot, row: number, tag: string): string | null {
  const re = new RegExp(slot.field.pattern as string, 'u');
  const max = slot.field.maxLength ?? 20;
  for (const candidate of [`${tag}-${row}`, `${tag}${row}`, String(row).padStart(Math.min(max, 8), '0')])
    if (candidate.length <= max && re.test(candidate)) return candidate;
  return null;
}

function text(slot: ValueSlot, r: Rand, row: number, tag: string, unique: boolean): string | null {
  const { field, name } = slot;
  switch (field.format) {
    case 'ir-national-code':
      return unique ? uniqueNationalCode(row) : nationalCode(digits(r, 9));
    case 'ir-sheba':
      return sheba(`0${pick(r, BANKS)}0000${digits(r, 14)}`.slice(0, 22));
    case 'ir-mobile':
      return `09${pick(r, ['12', '13', '19', '35', '36', '01', '21', '33'])}${digits(r, 7)}`;
    case 'date':
      return new Date(YEAR_1405_START + Math.floor(r() * 365) * 86400000).toISOString().slice(0, 10);
    case 'date-time':
      return new Date(YEAR_1405_START + Math.floor(r() * 365 * 86400) * 1000).toISOString();
    case 'email':
      return `user${row}.${tag}@example.ir`.toLowerCase();
    default:
  }
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
  if (unique) out = `${out} ${tag}${row}`;
  return fit(out, field);
}

function integer(field: FieldSchema, meta: FieldMeta | undefined, r: Rand): number {
  const min = field.minimum ?? 0;
  const max = Math.min(field.maximum ?? min + 1_000_000, min + (meta?.money ? 1e12 : 1e6));
  const v = min + Math.floor(r() * (max - min + 1));
  // money: whole thousands of Rial, as people write them
  return meta?.money ? Math.max(min, Math.min(max, Math.round(v / 1000) * 1000)) : v;
}

/** One value for a field, or null to leave it empty. `row` is unique within the run. */
export function fieldValue(
  slot: ValueSlot,
  r: Rand,
  row: number,
  tag: string,
): string | number | boolean | null {
  const { field, meta } = slot;
  if (meta?.lookup) return slot.lookupIds?.length ? pick(r, slot.lookupIds) : null;
  if (field.enum?.length) return pick(r, field.enum);
  switch (field.type) {
    case 'boolean':
      return r() > 0.15;
    case 'integer':
      return integer(field, meta, r);
    case 'number': {
      const min = field.minimum ?? 0;
      const max = Math.min(field.maximum ?? min + 10_000, min + 1e6);
      return Math.round((min + r() * (max - min)) * 100) / 100;
    }
    default:
      return text(slot, r, row, tag, meta?.unique === true);
  }
}
