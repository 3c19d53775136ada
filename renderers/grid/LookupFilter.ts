/**
 * AG Grid filter of a lookup column: the looked-up record, picked from a search (by code and name,
 * the lookup's own search: ../form/lookup.ts), never an id typed by hand. Its model is the number
 * filter the server takes for the stored id (`equals` the picked row's id). A vanilla component, as
 * the grid is AG Grid's own DOM (EntityGrid.tsx).
 */
import type { IDoesFilterPassParams, IFilterComp, IFilterParams } from 'ag-grid-community';
import { LOOKUP_DELAY_MS, type LookupOption } from '../form/lookup';

export const LOOKUP_FILTER = 'entityLookupFilter';

export interface LookupFilterParams {
  /** Rows of the looked-up entity for a typed text (the caller's permissions and row scope apply). */
  search: (text: string) => Promise<LookupOption[]>;
  /** The input's placeholder and accessible name. */
  searchLabel: string;
  /** The button that clears the filter. */
  allLabel: string;
  /** Shown when a search found nothing. */
  noResults: string;
}

export interface LookupFilterModel {
  filterType: 'number';
  type: 'equals';
  filter: number;
}

type Params = IFilterParams & LookupFilterParams;

export class LookupFilter implements IFilterComp {
  private params!: Params;
  private model: LookupFilterModel | null = null;
  private options: LookupOption[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticket = 0;
  private readonly gui = document.createElement('div');
  private readonly input = document.createElement('input');
  private readonly list = document.createElement('div');
  private readonly all = document.createElement('button');

  init(params: Params): void {
    this.params = params;
    Object.assign(this.gui.style, { padding: '8px', minWidth: '220px', maxWidth: '320px' });
    const input = this.input;
    input.type = 'search';
    input.className = 'ag-input-field-input ag-text-field-input';
    input.style.width = '100%';
    input.placeholder = params.searchLabel;
    input.setAttribute('aria-label', `${params.colDef.headerName ?? ''} — ${params.searchLabel}`);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    this.list.id = `erp-lookup-filter-${Math.random().toString(36).slice(2)}`;
    input.setAttribute('aria-controls', this.list.id);
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', params.colDef.headerName ?? '');
    Object.assign(this.list.style, { maxHeight: '220px', overflow: 'auto', marginTop: '4px' });
    input.addEventListener('input', () => this.schedule());
    input.addEventListener('keydown', (e) => this.onKey(e));
    this.all.type = 'button';
    this.all.className = 'ag-button ag-standard-button';
    this.all.textContent = params.allLabel;
    this.all.style.marginTop = '6px';
    this.all.addEventListener('click', () => this.choose(null));
    this.gui.append(input, this.list, this.all);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  afterGuiAttached(): void {
    this.input.focus();
    if (this.options.length === 0) this.schedule(0);
  }

  isFilterActive(): boolean {
    return this.model !== null;
  }

  /** Client-side check (AG Grid asks for one even though the server filters). */
  doesFilterPass(p: IDoesFilterPassParams): boolean {
    if (!this.model) return true;
    const field = this.params.colDef.field;
    const data = p.data as Record<string, unknown> | undefined;
    return field !== undefined && data?.[field] === this.model.filter;
  }

  getModel(): LookupFilterModel | null {
    return this.model;
  }

  setModel(model: LookupFilterModel | null): void {
    const id = model && typeof model.filter === 'number' ? model.filter : null;
    this.model = id === null ? null : { filterType: 'number', type: 'equals', filter: id };
    this.draw();
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.ticket++;
  }

  private choose(option: LookupOption | null): void {
    this.model = option ? { filterType: 'number', type: 'equals', filter: option.id } : null;
    this.draw();
    this.params.filterChangedCallback();
  }

  private schedule(delay = LOOKUP_DELAY_MS): void {
    clearTimeout(this.timer);
    const ticket = ++this.ticket;
    this.timer = setTimeout(() => void this.run(ticket), delay);
  }

  private async run(ticket: number): Promise<void> {
    const options = await this.params.search(this.input.value).catch(() => []);
    if (ticket !== this.ticket) return;
    this.options = options;
    this.active = options.length > 0 ? 0 : -1;
    this.draw();
  }

  private draw(): void {
    const chosen = this.model?.filter;
    const rows = this.options.map((o, i) => {
      const el = document.createElement('div');
      el.setAttribute('role', 'option');
      el.setAttribute('aria-selected', String(o.id === chosen));
      el.textContent = o.text;
      const marked = i === this.active;
      el.style.cssText = `padding:4px 8px;cursor:pointer;${o.id === chosen ? 'font-weight:600;' : ''}${marked ? 'background:Highlight;color:HighlightText;' : ''}`;
      el.addEventListener('mousedown', (e) => {
        e.preventDefault();
        this.choose(o);
      });
      return el;
    });
    if (rows.length === 0 && this.ticket > 0) {
      const none = document.createElement('div');
      none.textContent = this.params.noResults;
      none.style.padding = '4px 8px';
      rows.push(none);
    }
    this.list.replaceChildren(...rows);
    this.all.disabled = this.model === null;
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Enter') {
      e.preventDefault();
      const option = this.options[this.active];
      if (option) this.choose(option);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (this.options.length === 0) return;
    const step = e.key === 'ArrowDown' ? 1 : -1;
    this.active = (this.active + step + this.options.length) % this.options.length;
    this.draw();
  }
}
