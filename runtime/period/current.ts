/**
 * The current fiscal period: localStorage currentPeriod {Id, PeriodName} (spec section 3), with the
 * period's first and last day (StartDate, EndDate, ISO) so that a new document's date can default
 * into it without a request. "All periods" is a choice of its own (localStorage
 * currentPeriodAll): no period is stored then, no selectedYear header is sent, and lists are not
 * narrowed; it is kept until the user picks a period again.
 */
import { createStore } from 'zustand/vanilla';

export interface CurrentPeriod {
  Id: number;
  PeriodName: string;
  /** ISO yyyy-mm-dd: the period's first day (absent in a value stored by an older client). */
  StartDate?: string;
  /** ISO yyyy-mm-dd: the period's last day. */
  EndDate?: string;
}

const KEY = 'currentPeriod';
const ALL_KEY = 'currentPeriodAll';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readStored(): CurrentPeriod | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CurrentPeriod>;
    if (typeof v.Id !== 'number') return null;
    const out: CurrentPeriod = { Id: v.Id, PeriodName: String(v.PeriodName ?? '') };
    if (typeof v.StartDate === 'string' && ISO_DAY.test(v.StartDate)) out.StartDate = v.StartDate;
    if (typeof v.EndDate === 'string' && ISO_DAY.test(v.EndDate)) out.EndDate = v.EndDate;
    return out;
  } catch {
    return null;
  }
}

function readAll(): boolean {
  return typeof localStorage !== 'undefined' && localStorage.getItem(ALL_KEY) === '1';
}

/**
 * Subscribable copy of the stored value (the shell's selector, the page title, the grids and the
 * forms read it). `all`: the user chose "all periods" (then `current` is null).
 */
export const periodStore = createStore<{ current: CurrentPeriod | null; all: boolean }>(() => ({
  current: readStored(),
  all: readAll(),
}));

export function getCurrentPeriod(): CurrentPeriod | null {
  return readStored();
}

/** True when the user chose "all periods" (lists unscoped, no selectedYear header). */
export function isAllPeriods(): boolean {
  return readAll() && !readStored();
}

/** Stores the chosen period (null: none, e.g. a user without periods); clears "all periods". */
export function setCurrentPeriod(period: CurrentPeriod | null): void {
  if (period) localStorage.setItem(KEY, JSON.stringify(period));
  else localStorage.removeItem(KEY);
  localStorage.removeItem(ALL_KEY);
  periodStore.setState({ current: period, all: false });
}

/** The "all periods" choice: no period stored, the choice remembered across page loads. */
export function setAllPeriods(): void {
  localStorage.removeItem(KEY);
  localStorage.setItem(ALL_KEY, '1');
  periodStore.setState({ current: null, all: true });
}

/**
 * A key that changes whenever the period in force changes (a period id, "all", or none): what a
 * list of dated rows reloads on.
 */
export function periodKey(state: { current: CurrentPeriod | null; all: boolean }): string {
  return state.current ? `p${state.current.Id}` : state.all ? 'all' : '';
}
