/**
 * Jalali buckets of a report's date dimension (runtime/shared/reportBuilder.ts): a day's month
 * (`1403-01`), quarter (`1403-Q1`: months 1–3) or year (`1403`), each bucket's first and last ISO
 * day (the drill-down's date range) and the buckets covering a span of days (the server's SQL
 * CASE, server/reports/builderSql.ts). Keys sort in time order as text.
 */
import { toGregorian, toJalaali } from 'jalaali-js';
import { jalaliMonthLength, parseIso } from './jalali';
import type { DateBucket } from './reportBuilder';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function iso(jy: number, jm: number, jd: number): string {
  const g = toGregorian(jy, jm, jd);
  return `${pad(g.gy, 4)}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** The bucket key of an ISO day (or date-time); null when it is not a date. */
export function bucketKey(day: string, bucket: DateBucket): string | null {
  const g = parseIso(day);
  if (!g) return null;
  if (bucket === 'day') return `${pad(g.gy, 4)}-${pad(g.gm)}-${pad(g.gd)}`;
  const j = toJalaali(g.gy, g.gm, g.gd);
  if (bucket === 'year') return pad(j.jy, 4);
  if (bucket === 'quarter') return `${pad(j.jy, 4)}-Q${Math.ceil(j.jm / 3)}`;
  return `${pad(j.jy, 4)}-${pad(j.jm)}`;
}

const KEY = /^(\d{4})(?:-(?:(\d{2})|Q([1-4])))?$/;

/** First and last ISO day (inclusive) of a bucket key; null when the key is not one. */
export function bucketRange(key: string, bucket: DateBucket): { from: string; to: string } | null {
  if (bucket === 'day') return parseIso(key) ? { from: key.slice(0, 10), to: key.slice(0, 10) } : null;
  const m = KEY.exec(key);
  if (!m) return null;
  const jy = Number(m[1]);
  let first = 1;
  let last = 12;
  if (bucket === 'month') {
    if (!m[2]) return null;
    first = last = Number(m[2]);
    if (first < 1 || first > 12) return null;
  } else if (bucket === 'quarter') {
    if (!m[3]) return null;
    first = (Number(m[3]) - 1) * 3 + 1;
    last = first + 2;
  } else if (m[2] || m[3]) return null;
  return { from: iso(jy, first, 1), to: iso(jy, last, jalaliMonthLength(jy, last)) };
}

/** The next bucket's key after `key` (months, quarters, years). */
function nextKey(key: string, bucket: Exclude<DateBucket, 'day'>): string {
  const range = bucketRange(key, bucket)!;
  const [y, m, d] = range.to.split('-').map(Number) as [number, number, number];
  const after = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return bucketKey(after, bucket)!;
}

/**
 * The buckets from the one holding `first` to the one holding `last` (ISO days), each with its
 * first day, in order; at most `max` of them (null beyond: too long a span to bucket in SQL).
 */
export function bucketsBetween(
  first: string,
  last: string,
  bucket: Exclude<DateBucket, 'day'>,
  max = 1200,
): { key: string; from: string }[] | null {
  const end = bucketKey(last, bucket);
  let key = bucketKey(first, bucket);
  if (!key || !end) return [];
  const out: { key: string; from: string }[] = [];
  while (key <= end) {
    if (out.length >= max) return null;
    out.push({ key, from: bucketRange(key, bucket)!.from });
    key = nextKey(key, bucket);
  }
  return out;
}
