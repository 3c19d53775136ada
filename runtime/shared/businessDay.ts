/**
 * "Today" for documents: the calendar day in the company's time zone, not the machine's or the
 * browser's, so a server running in UTC and a user in Tehran agree on the date of a new document
 * at 23:30 UTC (03:00 in Tehran). Iran keeps UTC+03:30 all year (no daylight saving since 1401),
 * so the day is a fixed shift of UTC; no calendar code here (the login route loads this).
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 210;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The calendar day of `now` in the business time zone: Gregorian year, month, day. */
export function businessDay(now: Date): { y: number; m: number; d: number } {
  const local = new Date(now.getTime() + BUSINESS_UTC_OFFSET_MINUTES * 60_000);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** Today's date as ISO Gregorian, the calendar day in the business time zone. */
export function todayIso(now: Date = new Date()): string {
  const { y, m, d } = businessDay(now);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}
