/** Value and percentage texts of the charts in the digits of the language. */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportRow } from '../../runtime/shared/reports';
import { formatMoney } from '../format/number';
import { localDigits } from '../format/digits';

/** Counts and amounts with thousands separators; averages keep up to two decimals. */
export function chartValue(value: number, lang: Lang): string {
  const rounded = Math.round(value * 100) / 100;
  if (Number.isInteger(rounded)) return formatMoney(rounded, lang);
  const [int = '0', frac = ''] = rounded.toFixed(2).split('.');
  return `${formatMoney(Number(int), lang)}${lang === 'fa' ? '٫' : '.'}${localDigits(frac, lang)}`;
}

export function percent(share: number, lang: Lang): string {
  return `${localDigits(String(Math.round(share * 100)), lang)}${lang === 'fa' ? '٪' : '%'}`;
}

/** A group's label with the digits of the language (Jalali months arrive as "خرداد 1405"). */
export function rowLabel(row: ReportRow, lang: Lang): string {
  return localDigits(row.label, lang);
}
