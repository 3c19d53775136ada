/**
 * Jalali (Solar Hijri) <-> Gregorian helpers shared by the renderers and the server.
 * Storage and the API always use ISO Gregorian `yyyy-mm-dd`; users see and type Jalali
 * `yyyy/mm/dd` (Persian, Arabic or Western digits are accepted on input).
 */
import { isValidJalaaliDate, jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { toWesternDigits } from './normalize';
import { businessDay } from './businessDay';

export { todayIso } from './businessDay';

export interface JalaliParts {
  jy: number;
  jm: number;
  jd: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const JALALI_DATE = /^\s*(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Parses the date part of an ISO string (`yyyy-mm-dd` or a date-time); null when invalid. */
export function parseIso(iso: string): { gy: number; gm: number; gd: number } | null {
  const m = ISO_DATE.exec(toWesternDigits(iso.trim()));
  if (!m) return null;
  const gy = Number(m[1]);
  const gm = Number(m[2]);
  const gd = Number(m[3]);
  const d = new Date(Date.UTC(gy, gm - 1, gd));
  if (d.getUTCFullYear() !== gy || d.getUTCMonth() !== gm - 1 || d.getUTCDate() !== gd) return null;
  return { gy, gm, gd };
}

export function isValidIsoDate(iso: string): boolean {
  return parseIso(iso) !== null;
}

/** Parses typed Jalali text (`1405/09/01`, `۱۴۰۵/۹/۱`, `1405-9-1`); null when not a real date. */
export function parseJalali(text: string): JalaliParts | null {
  const m = JALALI_DATE.exec(toWesternDigits(text));
  if (!m) return null;
  const jy = Number(m[1]);
  const jm = Number(m[2]);
  const jd = Number(m[3]);
  if (!isValidJalaaliDate(jy, jm, jd)) return null;
  return { jy, jm, jd };
}

export function isValidJalali(text: string): boolean {
  return parseJalali(text) !== null;
}

export function formatJalali({ jy, jm, jd }: JalaliParts): string {
  return `${pad(jy, 4)}/${pad(jm)}/${pad(jd)}`;
}

/** '2026-11-22' -> '1405/09/01' (Western digits); null when the ISO date is invalid. */
export function isoToJalali(iso: string): string | null {
  const g = parseIso(iso);
  if (!g) return null;
  return formatJalali(toJalaali(g.gy, g.gm, g.gd));
}

/** '1405/09/01' (any digits) -> '2026-11-22'; null when the Jalali date is invalid. */
export function jalaliToIso(text: string): string | null {
  const j = parseJalali(text);
  if (!j) return null;
  const g = toGregorian(j.jy, j.jm, j.jd);
  return `${pad(g.gy, 4)}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** Today's date as Jalali `yyyy/mm/dd` (Western digits), in the business time zone. */
export function todayJalali(now: Date = new Date()): string {
  const { y, m, d } = businessDay(now);
  return formatJalali(toJalaali(y, m, d));
}

/** Days in a Jalali month (Esfand has 30 in leap years). */
export function jalaliMonthLength(jy: number, jm: number): number {
  return jalaaliMonthLength(jy, jm);
}

/** Column of a Jalali date in a Saturday-first week (0 = Saturday … 6 = Friday). */
export function jalaliWeekdayColumn(jy: number, jm: number, jd: number): number {
  const g = toGregorian(jy, jm, jd);
  return (new Date(Date.UTC(g.gy, g.gm - 1, g.gd)).getUTCDay() + 1) % 7;
}

/** The Jalali year of an ISO date ('2026-11-22' -> 1405); null when the date is invalid. */
export function jalaliYear(iso: string): number | null {
  const g = parseIso(iso);
  return g ? toJalaali(g.gy, g.gm, g.gd).jy : null;
}
