/** Display texts of audited values: enum labels, yes/no, Jalali dates and times, money, digits of the language. */
import { localText, type FieldMeta, type FieldSchema, type Lang } from '../../runtime/shared/definition';
import { isoToJalali } from '../../runtime/shared/jalali';
import { localDigits } from '../format/digits';
import { formatMoney, formatNumber } from '../format/number';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as Jalali date and local time, e.g. ۱۴۰۵/۰۹/۰۱ ۱۰:۲۳. */
export function formatInstant(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return localDigits(iso, lang);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return localDigits(`${isoToJalali(day) ?? day} ${pad(d.getHours())}:${pad(d.getMinutes())}`, lang);
}

export function auditValue(
  value: unknown,
  schema: FieldSchema | undefined,
  meta: FieldMeta | undefined,
  lang: Lang,
  yesNo: [string, string],
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (meta?.enumLabels?.[String(value)]) return localText(meta.enumLabels[String(value)], lang);
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (typeof value === 'number') return meta?.money ? formatMoney(value, lang) : formatNumber(value, lang);
  if (schema?.format === 'date') return localDigits(isoToJalali(String(value)) ?? String(value), lang);
  if (schema?.format === 'date-time') return formatInstant(String(value), lang);
  return localDigits(String(value), lang);
}
