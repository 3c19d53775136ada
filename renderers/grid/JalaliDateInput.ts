/**
 * The grid's dateComponent: the date filter is typed as Jalali yyyy/mm/dd (any digits) and handed
 * to AG Grid as a local Date, which AG Grid puts in the filter model as Gregorian
 * "YYYY-MM-DD 00:00:00" for the server. A vanilla date component, as the grid is AG Grid's own
 * DOM (EntityGrid.tsx); its language and label come in the date filter's params (columns.ts).
 */
import type { IDateComp, IDateParams } from 'ag-grid-community';
import type { Lang } from '../../runtime/shared/definition';
import { isoToJalali, jalaliToIso, parseIso } from '../../runtime/shared/jalali';
import { localDigits } from '../format';

/** What a date column's filterParams carry for this input. */
export interface JalaliDateFilterParams {
  lang: Lang;
  /** The input's accessible name. */
  dateLabel: string;
  /** Said at the input while its text is not a valid Jalali date (the filter is then not applied). */
  invalidText?: string;
}

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

let messageIds = 0;

export class JalaliDateInput implements IDateComp {
  private readonly gui = document.createElement('div');
  private readonly input = document.createElement('input');
  private readonly message = document.createElement('div');
  private date: Date | null = null;
  private lang: Lang = 'fa';

  init(params: IDateParams): void {
    const own = (params.filterParams ?? {}) as Partial<JalaliDateFilterParams>;
    this.lang = own.lang ?? 'fa';
    const input = this.input;
    input.className = 'ag-input-field-input ag-text-field-input';
    input.type = 'text';
    input.dir = 'ltr';
    input.inputMode = 'numeric';
    input.setAttribute('aria-label', own.dateLabel ?? '');
    input.placeholder = localDigits('1405/01/01', this.lang);
    // said at the input (not a silent drop of the filter) while the text is no valid date
    const message = this.message;
    message.setAttribute('role', 'alert');
    message.className = 'erp-date-invalid';
    message.id = `erp-date-invalid-${++messageIds}`;
    message.style.cssText =
      'color:var(--colorPaletteRedForeground1,#b10e1c);font-size:12px;margin-top:4px;white-space:normal;max-width:220px';
    message.hidden = true;
    const invalidText = own.invalidText ?? '';
    this.gui.append(input, message);
    // the typed text stays as typed; AG Grid gets a date once it is a complete valid one
    input.addEventListener('input', () => {
      this.date = jalaliToDate(input.value);
      this.showValidity(invalidText);
      params.onDateChanged();
    });
  }

  private showValidity(invalidText: string): void {
    const invalid = this.input.value.trim() !== '' && this.date === null;
    this.message.hidden = !invalid;
    this.message.textContent = invalid ? invalidText : '';
    // (AG Grid keeps the input's aria-invalid itself: the message is tied by aria-describedby)
    if (invalid) this.input.setAttribute('aria-describedby', this.message.id);
    else this.input.removeAttribute('aria-describedby');
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  getDate(): Date | null {
    return this.date;
  }

  setDate(date: Date | null): void {
    this.date = date;
    this.input.value = localDigits(dateToJalali(date), this.lang);
    this.showValidity('');
  }
}
