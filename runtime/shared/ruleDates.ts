/**
 * Date operations of the rule evaluator (rules.ts), for computed fields over ISO dates: a payroll
 * month's first and last day, the days a leave spans, a date some days later (a due date) and,
 * for default values only, today. Each answers undefined when an input is
 * missing or not a real date, so a half-filled form shows the field empty (and a save names it as
 * required) instead of failing. Registered by name in rules.ts, the same in the browser and on the
 * server.
 */
import { toGregorian, toJalaali } from 'jalaali-js';
import { jalaliMonthLength, parseIso, todayIso } from './jalali';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoOf(jy: number, jm: number, jd: number): string {
  const g = toGregorian(jy, jm, jd);
  return `${pad(g.gy, 4)}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** A Jalali year and month as integers, or null (years 1..3177, months 1..12). */
function yearMonth(year: unknown, month: unknown): { jy: number; jm: number } | null {
  const jy = Number(year);
  const jm = Number(month);
  if (year === null || year === '' || month === null || month === '') return null;
  if (!Number.isInteger(jy) || !Number.isInteger(jm) || jy < 1 || jy > 3177 || jm < 1 || jm > 12) return null;
  return { jy, jm };
}

/** `{"jalaliMonthStart": [year, month]}`: ISO date of the month's first day. */
export function jalaliMonthStart(year: unknown, month: unknown): string | undefined {
  const ym = yearMonth(year, month);
  return ym ? isoOf(ym.jy, ym.jm, 1) : undefined;
}

/** `{"jalaliMonthEnd": [year, month]}`: ISO date of the month's last day (Esfand of a leap year: 30). */
export function jalaliMonthEnd(year: unknown, month: unknown): string | undefined {
  const ym = yearMonth(year, month);
  return ym ? isoOf(ym.jy, ym.jm, jalaliMonthLength(ym.jy, ym.jm)) : undefined;
}

const DAY_MS = 86_400_000;

function dayNumber(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const d = parseIso(iso);
  return d ? Date.UTC(d.gy, d.gm - 1, d.gd) / DAY_MS : null;
}

/**
 * `{"dayCount": [from, to]}`: days from `from` to `to`, both counted (the same day: 1); undefined
 * when either is missing or `to` is before `from`.
 */
export function dayCount(from: unknown, to: unknown): number | undefined {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null || b < a) return undefined;
  return b - a + 1;
}

/**
 * `{"addDays": [date, n]}`: the ISO date `n` days after `date` (before it when negative); undefined
 * when the date is missing or not a date, or `n` is not a whole number of at most 100 years of days.
 */
export function addDays(date: unknown, n: unknown): string | undefined {
  const day = dayNumber(date);
  const by = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  if (day === null || typeof by !== 'number' || !Number.isInteger(by) || Math.abs(by) > 36_600)
    return undefined;
  const d = new Date((day + by) * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * The moment `today()` reads: set by withClock around the evaluation of a new record's default
 * values (runtime/shared/initialValues.ts), so the form and the server date a record by the moment
 * they make it, and a test by its own. Outside it: the current time.
 */
let clock: Date | undefined;

/** `fn` run with `today()` reading `now`. */
export function withClock<T>(now: Date, fn: () => T): T {
  const before = clock;
  clock = now;
  try {
    return fn();
  } finally {
    clock = before;
  }
}

/**
 * `{"today": []}`: the calendar day (ISO) in the business time zone (businessDay.ts). Only default
 * values may use it (server/definitions refuses it elsewhere): a computed value or a rule would
 * change by the day it is evaluated on.
 */
export function today(): string {
  return todayIso(clock ?? new Date());
}

/** Operations that read the clock: allowed in default values only. */
export const CLOCK_OPERATIONS: readonly string[] = ['today'];

/** The Jalali year of an ISO date (for defaults and tests); undefined when not a date. */
export function jalaliYearOf(iso: string): number | undefined {
  const d = parseIso(iso);
  return d ? toJalaali(d.gy, d.gm, d.gd).jy : undefined;
}

/** The operations by name, registered with the evaluator (rules.ts). */
export const DATE_OPERATIONS: Record<string, (...args: unknown[]) => unknown> = {
  jalaliMonthStart: (year, month) => jalaliMonthStart(year, month),
  jalaliMonthEnd: (year, month) => jalaliMonthEnd(year, month),
  dayCount: (from, to) => dayCount(from, to),
  addDays: (date, n) => addDays(date, n),
  today: () => today(),
};
