/**
 * The grids' texts: fa-IR from @ag-grid-community/locale; English is AG Grid's own, so only the
 * Persian table is imported (each locale table weighs about 6 KB gzipped, bench/budget.mjs).
 */
import { AG_GRID_LOCALE_IR } from '@ag-grid-community/locale';
import type { Lang } from '../../runtime/shared/definition';

export function gridLocaleText(lang: Lang): Record<string, string> | undefined {
  return lang === 'fa' ? AG_GRID_LOCALE_IR : undefined;
}
