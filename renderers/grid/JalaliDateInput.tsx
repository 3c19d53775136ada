/**
 * The grid's dateComponent: the date filter is typed as Jalali yyyy/mm/dd (any digits) and handed
 * to AG Grid as a local Date, which AG Grid puts in the filter model as Gregorian
 * "YYYY-MM-DD 00:00:00" for the server.
 */
import type { CustomDateProps } from 'ag-grid-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import { isoToJalali, jalaliToIso, parseIso } from '../../runtime/shared/jalali';
import { localDigits } from '../format';

export function dateToJalali(date: Date | null): string {
  if (!date) return '';
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return isoToJalali(iso) ?? '';
}

/** Typed Jalali text to a local-midnight Date; null when not a complete valid date. */
export function jalaliToDate(text: string): Date | null {
  const iso = jalaliToIso(text);
  const g = iso ? parseIso(iso) : null;
  return g ? new Date(g.gy, g.gm - 1, g.gd) : null;
}

export function JalaliDateInput(props: CustomDateProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'fa';
  const [state, setState] = useState(() => ({
    text: localDigits(dateToJalali(props.date), lang),
    date: props.date,
  }));
  let text = state.text;
  if ((state.date?.getTime() ?? null) !== (props.date?.getTime() ?? null)) {
    text = localDigits(dateToJalali(props.date), lang);
    setState({ text, date: props.date });
  }
  return (
    <input
      className="ag-input-field-input ag-text-field-input"
      type="text"
      dir="ltr"
      inputMode="numeric"
      aria-label={t('grid.dateInput')}
      placeholder={localDigits('1405/01/01', lang)}
      value={text}
      onChange={(e) => {
        const date = jalaliToDate(e.target.value);
        setState({ text: e.target.value, date });
        props.onDateChange(date);
      }}
    />
  );
}
