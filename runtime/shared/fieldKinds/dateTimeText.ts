/**
 * Date, date-time and time texts: Jalali yyyy/mm/dd for dates, date-times in a time zone (the local
 * one by default) as Jalali date and HH:MM, times as HH:MM. Stored values stay ISO (dates
 * yyyy-mm-dd, date-times ISO instants, times HH:MM).
 */
import { isoToJalali, jalaliToIso, parseIso } from '../jalali';
import { isTimeOfDay } from '../formats';
import { toWesternDigits } from '../normalize';

const pad = (n: number) => String(n).padStart(2, '0');

/** Calendar date (ISO) and HH:MM of an instant in `timeZone` (default: local); null when not an instant. */
export function instantParts(iso: string, timeZone?: string): { date: string; time: string } | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  if (!timeZone) {
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date as Jalali yyyy/mm/dd (Western digits); the text itself when it is not a date. */
export function dateText(value: string): string {
  return isoToJalali(value) ?? value;
}

/** An ISO instant as Jalali date and HH:MM in `timeZone`; a bare date as its Jalali date. */
export function dateTimeText(value: string, timeZone?: string): string {
  if (DATE_ONLY.test(value)) return dateText(value);
  const parts = instantParts(value, timeZone);
  if (!parts) return value;
  return `${isoToJalali(parts.date) ?? parts.date} ${parts.time}`;
}

const TIME = /^\s*(\d{1,2})\s*[:٫.]\s*(\d{2})(?:\s*:\s*(\d{2}))?\s*$/;

/** A typed time (any digits, `H:MM` or `HH:MM[:SS]`) as stored `HH:MM[:SS]`; null when not a time of day. */
export function parseTime(text: string): string | null {
  const m = TIME.exec(toWesternDigits(text));
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = m[3] === undefined ? undefined : Number(m[3]);
  if (h > 23 || min > 59 || (s !== undefined && s > 59)) return null;
  return `${pad(h)}:${pad(min)}${s === undefined ? '' : `:${pad(s)}`}`;
}

/** A stored time as shown: HH:MM (seconds only when not zero). */
export function timeText(value: string): string {
  if (!isTimeOfDay(value)) return value;
  return value.length > 5 && value.endsWith(':00') ? value.slice(0, 5) : value;
}

/** Typed Jalali (or ISO) date and optional HH:MM as an ISO instant of the local zone; null when not one. */
export function parseDateTime(text: string): string | null {
  const western = toWesternDigits(text.trim());
  if (parseIso(western) && !Number.isNaN(new Date(western).getTime()) && western.length > 10)
    return new Date(western).toISOString();
  const m = /^(\S+)(?:\s+(\S+))?$/.exec(western);
  if (!m) return null;
  const day = jalaliToIso(m[1]!) ?? (parseIso(m[1]!) && m[1]!.length === 10 ? m[1]! : null);
  if (!day) return null;
  const time = m[2] === undefined ? '00:00' : parseTime(m[2]);
  if (time === null) return null;
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number | undefined];
  return new Date(y, mo - 1, d, h, mi, s ?? 0).toISOString();
}
