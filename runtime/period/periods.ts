/** Fiscal periods: loading the list and choosing the current one after sign-in. */
import { api, type CallOptions } from '../http/pipeline';
import type { ListPage } from '../shared/envelope';
import { loadPermissionsQuietly } from '../meta/loaders';
import { getCurrentPeriod, isAllPeriods, setCurrentPeriod, type CurrentPeriod } from './current';

export interface FiscalPeriod {
  id: number;
  title: string;
  /** ISO yyyy-mm-dd. */
  startDate: string;
  endDate: string;
  closed?: boolean;
}

/**
 * The fiscal periods the user may read. A user without `view` on accounting.fiscalPeriod (a
 * vendor, a customer, a storekeeper) is not asked for the list the server would refuse (403 in
 * the console on every page): they have no periods, so the header shows no period selector.
 */
export async function loadPeriods(options: CallOptions = {}): Promise<FiscalPeriod[]> {
  // asked as quietly as the list below: the header's selector shows no error of its own
  const may = await loadPermissionsQuietly('accounting', 'fiscalPeriod');
  if (!may.view) return [];
  const page = await api.post<ListPage<FiscalPeriod>>(
    'Accounting/FiscalPeriod/GetList',
    { startRow: 0, endRow: 500, sortModel: [{ colId: 'startDate', sort: 'desc' }] },
    options,
  );
  return page.rows;
}

export function toCurrent(p: FiscalPeriod): CurrentPeriod {
  return { Id: p.id, PeriodName: p.title, StartDate: p.startDate, EndDate: p.endDate };
}

/** The stored period if still in the list, else the one containing today, else the latest. */
export function pickPeriod(
  periods: FiscalPeriod[],
  stored: CurrentPeriod | null,
  today: string,
): FiscalPeriod | null {
  if (stored) {
    const same = periods.find((p) => p.id === stored.Id);
    if (same) return same;
  }
  const containing = periods.find((p) => p.startDate <= today && today <= p.endDate);
  if (containing) return containing;
  return [...periods].sort((a, b) => b.startDate.localeCompare(a.startDate))[0] ?? null;
}

/**
 * Loads the periods and stores the chosen one; quiet on failure (users without access). A user
 * who chose "all periods" keeps that choice while there are periods to choose from.
 */
/**
 * Today in Tehran (UTC+03:30), as runtime/shared/businessDay.ts todayIso: written out here, since
 * importing it would put one more chunk on the login route.
 */
export const todayInTehran = (): string => new Date(Date.now() + 210 * 60_000).toISOString().slice(0, 10);

export async function chooseCurrentPeriod(today = todayInTehran()): Promise<FiscalPeriod[]> {
  try {
    const periods = await loadPeriods({ silent: true });
    if (periods.length > 0 && isAllPeriods()) return periods;
    const chosen = pickPeriod(periods, getCurrentPeriod(), today);
    setCurrentPeriod(chosen ? toCurrent(chosen) : null);
    return periods;
  } catch {
    return [];
  }
}
