/** Jalali periods of dashboard widgets ("this Jalali month") as ISO Gregorian day ranges. */
import { jalaaliMonthLength, toGregorian, toJalaali } from 'jalaali-js';
import { todayIso } from '../../runtime/shared/jalali';

export type PeriodName = 'thisMonth' | 'thisYear' | 'last12Months' | 'next7Days';
export const PERIOD_NAMES: readonly PeriodName[] = ['thisMonth', 'thisYear', 'last12Months', 'next7Days'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function jalaliToIsoParts(jy: number, jm: number, jd: number): string {
  const g = toGregorian(jy, jm, jd);
  return `${pad(g.gy, 4)}-${pad(g.gm)}-${pad(g.gd)}`;
}

/** First and last day (inclusive, ISO) of the named Jalali period containing `now`. */
export function periodRange(name: PeriodName, now: Date = new Date()): { from: string; to: string } {
  const [y, m, d] = todayIso(now).split('-').map(Number) as [number, number, number];
  // today and the six days after it (cheques falling due this coming week)
  if (name === 'next7Days')
    return { from: todayIso(now), to: new Date(Date.UTC(y, m - 1, d + 6)).toISOString().slice(0, 10) };
  const j = toJalaali(y, m, d);
  if (name === 'thisMonth')
    return {
      from: jalaliToIsoParts(j.jy, j.jm, 1),
      to: jalaliToIsoParts(j.jy, j.jm, jalaaliMonthLength(j.jy, j.jm)),
    };
  if (name === 'thisYear')
    return {
      from: jalaliToIsoParts(j.jy, 1, 1),
      to: jalaliToIsoParts(j.jy, 12, jalaaliMonthLength(j.jy, 12)),
    };
  // the current Jalali month and the eleven before it
  const startMonth = j.jm === 12 ? 1 : j.jm + 1;
  const startYear = j.jm === 12 ? j.jy : j.jy - 1;
  return {
    from: jalaliToIsoParts(startYear, startMonth, 1),
    to: jalaliToIsoParts(j.jy, j.jm, jalaaliMonthLength(j.jy, j.jm)),
  };
}

/** Jalali year and month of an ISO day, as the group key `yyyy-mm` (Western digits). */
export function jalaliMonthKey(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const j = toJalaali(Number(m[1]), Number(m[2]), Number(m[3]));
  return `${pad(j.jy, 4)}-${pad(j.jm)}`;
}
