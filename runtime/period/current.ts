/** The current fiscal period: localStorage currentPeriod {Id, PeriodName} (spec section 3). */
import { createStore } from 'zustand/vanilla';

export interface CurrentPeriod {
  Id: number;
  PeriodName: string;
}

const KEY = 'currentPeriod';

function readStored(): CurrentPeriod | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CurrentPeriod>;
    return typeof v.Id === 'number' ? { Id: v.Id, PeriodName: String(v.PeriodName ?? '') } : null;
  } catch {
    return null;
  }
}

/** Subscribable copy of the stored value (the shell's selector and page title read it). */
export const periodStore = createStore<{ current: CurrentPeriod | null }>(() => ({ current: readStored() }));

export function getCurrentPeriod(): CurrentPeriod | null {
  return readStored();
}

export function setCurrentPeriod(period: CurrentPeriod | null): void {
  if (period) localStorage.setItem(KEY, JSON.stringify(period));
  else localStorage.removeItem(KEY);
  periodStore.setState({ current: period });
}
