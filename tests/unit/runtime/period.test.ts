/** Choosing the current period and storing it under currentPeriod. */
import { beforeEach, describe, expect, it } from 'vitest';
import { pickPeriod, toCurrent, todayInTehran, type FiscalPeriod } from '../../../runtime/period/periods';
import { todayIso } from '../../../runtime/shared/businessDay';
import {
  getCurrentPeriod,
  isAllPeriods,
  periodKey,
  periodStore,
  setAllPeriods,
  setCurrentPeriod,
} from '../../../runtime/period/current';

const P: FiscalPeriod[] = [
  { id: 1, title: '۱۴۰۲', startDate: '2023-03-21', endDate: '2024-03-19' },
  { id: 2, title: '۱۴۰۳', startDate: '2024-03-20', endDate: '2025-03-20' },
  { id: 3, title: '۱۴۰۴', startDate: '2025-03-21', endDate: '2026-03-20' },
];

beforeEach(() => localStorage.clear());

describe('current period', () => {
  it('keeps the stored period while it is still in the list', () => {
    expect(pickPeriod(P, { Id: 1, PeriodName: 'x' }, '2025-06-01')?.id).toBe(1);
  });
  it('else takes the period containing today', () => {
    expect(pickPeriod(P, { Id: 99, PeriodName: 'x' }, '2024-05-01')?.id).toBe(2);
  });
  it('else the latest', () => {
    expect(pickPeriod(P, null, '2030-01-01')?.id).toBe(3);
    expect(pickPeriod([], null, '2030-01-01')).toBeNull();
  });
  it('stores {Id, PeriodName} (and the days) in localStorage and notifies subscribers', () => {
    setCurrentPeriod(toCurrent(P[1]!));
    const stored = { Id: 2, PeriodName: '۱۴۰۳', StartDate: '2024-03-20', EndDate: '2025-03-20' };
    expect(JSON.parse(localStorage.getItem('currentPeriod')!)).toEqual(stored);
    expect(getCurrentPeriod()).toEqual(stored);
    expect(periodStore.getState().current?.Id).toBe(2);
    setCurrentPeriod(null);
    expect(localStorage.getItem('currentPeriod')).toBeNull();
  });
  it('reads a value stored by an older client ({Id, PeriodName}) and drops malformed days', () => {
    localStorage.setItem('currentPeriod', JSON.stringify({ Id: 3, PeriodName: 'x', StartDate: 'soon' }));
    expect(getCurrentPeriod()).toEqual({ Id: 3, PeriodName: 'x' });
  });
  it('"all periods" stores no period, is remembered, and ends when a period is picked', () => {
    setCurrentPeriod(toCurrent(P[2]!));
    expect(periodKey(periodStore.getState())).toBe('p3');
    setAllPeriods();
    expect(getCurrentPeriod()).toBeNull();
    expect(isAllPeriods()).toBe(true);
    expect(periodStore.getState()).toEqual({ current: null, all: true });
    expect(periodKey(periodStore.getState())).toBe('all');
    setCurrentPeriod(toCurrent(P[0]!));
    expect(isAllPeriods()).toBe(false);
    expect(periodStore.getState().all).toBe(false);
    expect(periodKey(periodStore.getState())).toBe('p1');
    setCurrentPeriod(null);
    expect(periodKey(periodStore.getState())).toBe('');
  });
});

describe('the day the current period is chosen by', () => {
  it('is the business day of runtime/shared/businessDay.ts, whatever the hour', () => {
    const realNow = Date.now;
    try {
      for (const at of [
        Date.UTC(2026, 10, 22, 20, 29),
        Date.UTC(2026, 10, 22, 20, 31),
        Date.UTC(2027, 2, 20, 21, 0),
      ]) {
        Date.now = () => at;
        expect(todayInTehran()).toBe(todayIso(new Date(at)));
      }
      Date.now = () => Date.UTC(2026, 10, 22, 21, 0);
      expect(todayInTehran()).toBe('2026-11-23');
    } finally {
      Date.now = realNow;
    }
  });
});
