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

/** An integer of at most 15 digits: exact as a number (< 2^53). */
const SHORT_INTEGER = /^-?\d{1,15}$/;

/**
 * A stored amount as `big` reads it, as a number when that is exact (a safe integer, or an integer
 * text of at most 15 digits): a ledger page adds thousands of them, and numbers allocate nothing.
 */
export function amount(value: unknown): number | bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && value.length <= 16 && SHORT_INTEGER.test(value)) return Number(value);
  return big(value);
}

/**
 * An exact running sum: a number while every partial sum is a safe integer (then the addition of
 * two safe integers is exact), else a BigInt from the step that would leave them.
 */
export class ExactSum {
  private n = 0;
  private b: bigint | null = null;

  constructor(start: number | bigint = 0) {
    this.add(start);
  }

  add(value: number | bigint): void {
    if (this.b === null) {
      if (typeof value === 'number') {
        const sum = this.n + value;
        if (Number.isSafeInteger(sum)) {
          this.n = sum;
          return;
        }
      }
      this.b = BigInt(this.n);
    }
    this.b += typeof value === 'number' ? BigInt(value) : value;
  }

  /** The sum as `money` answers it. */
  money(): number | string {
    return this.b === null ? this.n : money(this.b);
  }

  /** −1, 0 or 1. */
  sign(): number {
    if (this.b === null) return Math.sign(this.n);
    return this.b === 0n ? 0 : this.b > 0n ? 1 : -1;
  }
}
