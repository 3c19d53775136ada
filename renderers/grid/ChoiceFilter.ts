/**
 * AG Grid filter for booleans, enums and multi-selects: a list of the labelled choices (see choiceModel.ts). A
 * vanilla filter component, as the grid itself is AG Grid's own DOM (EntityGrid.tsx).
 */
import type { IDoesFilterPassParams, IFilterComp, IFilterParams } from 'ag-grid-community';
import {
  choiceModel,
  choicePasses,
  chosenValue,
  type ChoiceFilterParams,
  type ChoiceModel,
} from './choiceModel';

type Params = IFilterParams & ChoiceFilterParams;

const NONE = '-1';

export class ChoiceFilter implements IFilterComp {
  private params: Params | null = null;
  private model: ChoiceModel | null = null;
  private readonly gui = document.createElement('div');
  private readonly select = document.createElement('select');

  init(params: Params): void {
    this.params = params;
    Object.assign(this.gui.style, { padding: '8px', minWidth: '160px' });
    const select = this.select;
    select.className = 'ag-input-field-input';
    select.style.width = '100%';
    select.setAttribute('aria-label', params.colDef.headerName ?? '');
    select.append(new Option(params.allLabel ?? '', NONE));
    params.options.forEach((o, i) => select.append(new Option(o.label, String(i))));
    select.addEventListener('change', () => {
      const picked = select.value === NONE ? undefined : params.options[Number(select.value)];
      this.model = choiceModel(params, picked ? picked.value : null);
      params.filterChangedCallback();
    });
    this.gui.append(select);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  isFilterActive(): boolean {
    return this.model !== null;
  }

  /** Client-side check (AG Grid asks for one even though the server filters). */
  doesFilterPass(p: IDoesFilterPassParams): boolean {
    const field = this.params?.colDef.field;
    const data = p.data as Record<string, unknown> | undefined;
    return choicePasses(this.model, field && data ? data[field] : undefined);
  }

  getModel(): ChoiceModel | null {
    return this.model;
  }

  setModel(model: ChoiceModel | null): void {
    this.model = model ?? null;
    const options = this.params?.options ?? [];
    const chosen = chosenValue(this.model);
    const at = chosen === undefined ? -1 : options.findIndex((o) => String(o.value) === String(chosen));
    this.select.value = at < 0 ? NONE : String(at);
  }
}
