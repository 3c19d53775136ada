/**
 * The grids' texts: fa-IR from @ag-grid-community/locale; English is AG Grid's own, so only the
 * Persian table is imported (each locale table weighs about 6 KB gzipped, bench/budget.mjs).
 */
import { AG_GRID_LOCALE_IR } from '@ag-grid-community/locale';
import type { Lang } from '../../runtime/shared/definition';

/** Key names the Persian table leaves in English (its aria texts: «SPACE را فشار دهید…»). */
const KEY_NAMES: [RegExp, string][] = [
  [/\bSPACE\b/g, 'کلید فاصله'],
  [/\bCTRL\+ENTER\b/g, 'کنترل و اینتر'],
  [/\bALT ENTER\b/g, 'آلت و اینتر'],
  [/\b(ENTER|Enter)\b/g, 'اینتر'],
];

let persian: Record<string, string> | undefined;

export function gridLocaleText(lang: Lang): Record<string, string> | undefined {
  if (lang !== 'fa') return undefined;
  persian ??= Object.fromEntries(
    Object.entries(AG_GRID_LOCALE_IR).map(([key, text]) => [
      key,
      KEY_NAMES.reduce((out, [re, name]) => out.replace(re, name), text),
    ]),
  );
  return persian;
}
