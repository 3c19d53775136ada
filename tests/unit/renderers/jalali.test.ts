import { describe, expect, it } from 'vitest';
import {
  isValidIsoDate,
  isValidJalali,
  isoToJalali,
  jalaliToIso,
  parseJalali,
  jalaliMonthLength,
  jalaliWeekdayColumn,
  todayIso,
  todayJalali,
} from '../../../runtime/shared/jalali';

describe('runtime/shared/jalali', () => {
  it('converts known dates both ways', () => {
    expect(isoToJalali('2026-11-22')).toBe('1405/09/01');
    expect(jalaliToIso('1405/09/01')).toBe('2026-11-22');
    expect(isoToJalali('1979-02-11')).toBe('1357/11/22');
    expect(jalaliToIso('1357/11/22')).toBe('1979-02-11');
  });

  it('handles the Nowruz boundaries', () => {
    // 1403 is a leap year: Esfand has 30 days and Nowruz 1404 falls on 21 March 2025.
    expect(jalaliToIso('1403/12/30')).toBe('2025-03-20');
    expect(jalaliToIso('1404/01/01')).toBe('2025-03-21');
    expect(isoToJalali('2024-03-20')).toBe('1403/01/01');
    expect(isoToJalali('2024-03-19')).toBe('1402/12/29');
    expect(isoToJalali('2026-03-21')).toBe('1405/01/01');
  });

  it('knows leap years: 1403/12/30 exists, 1404/12/30 does not', () => {
    expect(isValidJalali('1403/12/30')).toBe(true);
    expect(isValidJalali('1404/12/30')).toBe(false);
    expect(jalaliToIso('1404/12/30')).toBeNull();
    expect(isValidJalali('1405/07/31')).toBe(false); // second half of the year has 30-day months
    expect(isValidJalali('1405/06/31')).toBe(true);
  });

  it('accepts Persian, Arabic and Western digits and loose separators', () => {
    expect(jalaliToIso('۱۴۰۵/۰۹/۰۱')).toBe('2026-11-22');
    expect(jalaliToIso('١٤٠٥/٩/١')).toBe('2026-11-22');
    expect(jalaliToIso('1405-9-1')).toBe('2026-11-22');
    expect(parseJalali(' 1405 / 09 / 01 ')).toEqual({ jy: 1405, jm: 9, jd: 1 });
  });

  it('refuses what is not a date', () => {
    expect(jalaliToIso('1405/13/01')).toBeNull();
    expect(jalaliToIso('1405/09')).toBeNull();
    expect(jalaliToIso('abc')).toBeNull();
    expect(isoToJalali('2025-02-29')).toBeNull();
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
  });

  it('reads the date part of a date-time', () => {
    expect(isoToJalali('2026-11-22T10:00:00Z')).toBe('1405/09/01');
    expect(isoToJalali('2026-11-22 00:00:00')).toBe('1405/09/01');
  });

  it('gives today in both calendars', () => {
    const now = new Date(Date.UTC(2026, 10, 22, 10, 30));
    expect(todayIso(now)).toBe('2026-11-22');
    expect(todayJalali(now)).toBe('1405/09/01');
  });

  it("takes today's date in Tehran, whatever the machine's time zone", () => {
    // 21:00 UTC is 00:30 the next day in Tehran (UTC+3:30)
    const lateEvening = new Date(Date.UTC(2026, 10, 22, 21, 0));
    expect(todayIso(lateEvening)).toBe('2026-11-23');
    expect(todayJalali(lateEvening)).toBe('1405/09/02');
    const justBefore = new Date(Date.UTC(2026, 10, 22, 20, 29));
    expect(todayIso(justBefore)).toBe('2026-11-22');
  });

  it('knows month lengths and Saturday-first week columns', () => {
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1404, 12)).toBe(29);
    expect(jalaliMonthLength(1405, 1)).toBe(31);
    expect(jalaliMonthLength(1405, 7)).toBe(30);
    expect(jalaliWeekdayColumn(1405, 1, 1)).toBe(0); // 21 March 2026 is a Saturday
    expect(jalaliWeekdayColumn(1405, 9, 1)).toBe(1); // 22 November 2026 is a Sunday
  });
});
