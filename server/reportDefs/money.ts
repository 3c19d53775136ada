/**
 * Exact money in reports: sums are read from the database as decimal text and added as BigInt, so
 * a year of postings is never rounded; a figure goes out as a number while exact (|x| ≤ 2^53 − 1),
 * else as its decimal string (runtime/shared/reportDefinition.ts ReportValue).
 */
import type { ReportValue } from '../../runtime/shared/reportDefinition';

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
const INTEGER = /^-?\d+$/;

/** A stored amount or sum (number, bigint, integer text; null = 0) as BigInt. */
export function big(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`not an integer amount: ${value}`);
    return BigInt(value);
  }
  const text = String(value).trim();
  // PostgreSQL's numeric sums may print a zero scale ("12.00")
  const whole = text.replace(/\.0+$/, '');
  if (!INTEGER.test(whole)) throw new RangeError(`not an integer amount: ${text}`);
  return BigInt(whole);
}

/** A figure as answered: a number while exact, else its decimal string. */
export function money(value: bigint): number | string {
  return value <= MAX_EXACT && value >= -MAX_EXACT ? Number(value) : value.toString();
}

/** An answered figure read back (totals over rows): null and non-figures count 0. */
export function figure(value: ReportValue | undefined): bigint {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && INTEGER.test(value)) return BigInt(value);
  return 0n;
}

/** The debit and credit side of a signed balance (debit positive). */
export function sides(balance: bigint): { debit: bigint; credit: bigint } {
  return balance >= 0n ? { debit: balance, credit: 0n } : { debit: 0n, credit: -balance };
}
