/**
 * Date operations of the rule evaluator (rules.ts), for computed fields over ISO dates: a payroll
 * month's first and last day, and the days a leave spans. Each answers undefined when an input is
 * missing or not a real date, so a half-filled form shows the field empty (and a save names it as
 * required) instead of failing. Registered by name in rules.ts, the same in the browser and on the
 * server.
 */
import { toGregorian, toJalaali } from 'jalaali-js';
import { jalaliMonthLength, parseIso } from './jalali';

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
};
