/**
 * Lookup columns of the lines grid (a line field with `lookup` in the child definition): the
 * stored value is the looked-up row's id, the cell shows «code — name». The cell editor searches
 * the other entity through the same GetList request as the form's lookup widget (../lookup.ts):
 * arrows choose, Enter or a click takes the option. Text left without a pick is resolved after the
 * commit to its one exact match (by code), else refused at once (lineLookupColumn.ts).
 */
import type { ICellEditorComp, ICellEditorParams } from 'ag-grid-community';
import type { EntityClient } from '../../../runtime/entity/types';
import type { EntityRow, Lang } from '../../../runtime/shared/definition';
import type { ListRequest } from '../../../runtime/shared/envelope';
import { HINT_SEPARATOR, exactMatch } from '../../../runtime/shared/lookup';
import {
  lookupRequest,
  LOOKUP_DELAY_MS,
  mayLookUp,
  toOption,
  type LookupOption,
  type LookupTarget,
} from '../lookup';
import type { GridLine } from './lines';

export const LOOKUP_CELL_CLASS = 'erp-line-lookup';

/** Display texts and searches of the lookup columns of one lines grid. */
export interface LineLookups {
  search(target: LookupTarget, text: string): Promise<LookupOption[]>;
  /** The option a text left without a pick stands for (its one exact match), else null. */
  resolve(target: LookupTarget, text: string): Promise<LookupOption | null>;
  /** The row of an id a search or resolve found (fills read it), else undefined. */
  rowOf(target: LookupTarget, id: number): EntityRow | undefined;
  /** The display text of a stored id, once known (undefined while unknown). */
  textOf(target: LookupTarget, id: number): string | undefined;
  /**
   * Fetches the texts of ids not asked for yet: the ids of one task are gathered and fetched by
   * GetList on the looked-up entity, ID_BATCH a request; `loaded` is called once they answered.
   */
  load(target: LookupTarget, ids: number[]): void;
}

export function createLineLookups(
  clientFor: (entityKey: string) => Pick<EntityClient, 'getList'>,
  loaded: () => void,
  lang: Lang = 'fa',
): LineLookups {
  const texts = new Map<string, Map<number, string>>();
  const rows = new Map<string, Map<number, EntityRow>>();
  const keep = (target: LookupTarget, found: EntityRow[]) => {
    let m = rows.get(target.entity);
    if (!m) rows.set(target.entity, (m = new Map()));
    for (const r of found) m.set(r.id, r);
  };
  const asked = new Set<string>();
  /** Ids asked for and not fetched yet, per looked-up entity. */
  const waiting = new Map<string, { target: LookupTarget; ids: number[] }>();
  let scheduled = false;
  // texts differ by the lookup's code field: cached per entity and code field
  const cacheKey = (target: LookupTarget) => `${target.entity}|${target.codeField ?? ''}`;
  const cache = (target: LookupTarget) => {
    const key = cacheKey(target);
    let m = texts.get(key);
    if (!m) texts.set(key, (m = new Map()));
    return m;
  };
  const found = async (target: LookupTarget, text: string, size?: number): Promise<EntityRow[]> => {
    try {
      // a user who may not read the looked-up entity is not sent to be refused (403)
      if (!(await mayLookUp(target.entity))) return [];
      return (await clientFor(target.entity).getList(lookupRequest(target, text, size))).rows;
    } catch {
      return [];
    }
  };
  return {
    async search(target, text) {
      const answer = await found(target, text);
      keep(target, answer);
      const options = answer.map((r) => toOption(r, target, lang));
      for (const o of options) cache(target).set(o.id, o.text);
      return options;
    },
    async resolve(target, text) {
      const match = exactMatch(await found(target, text, 50), target, text);
      if (!match) return null;
      keep(target, [match]);
      const option = toOption(match, target, lang);
      cache(target).set(option.id, option.text);
      return option;
    },
    textOf: (target, id) => texts.get(cacheKey(target))?.get(id),
    rowOf: (target, id) => rows.get(target.entity)?.get(id),
    load(target, ids) {
      const missing = ids.filter((id) => !asked.has(`${cacheKey(target)}#${id}`));
      if (missing.length === 0) return;
      for (const id of missing) asked.add(`${cacheKey(target)}#${id}`);
      // The grid formats one cell at a time: the ids asked for while it draws are gathered and
      // fetched together once it is done, ID_BATCH to a GetList.
      let batch = waiting.get(cacheKey(target));
      if (!batch) waiting.set(cacheKey(target), (batch = { target, ids: [] }));
      batch.ids.push(...missing);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(fetchWaiting);
      }
    },
  };

  function fetchWaiting() {
    scheduled = false;
    const batches = [...waiting.values()];
    waiting.clear();
    const requests = batches.flatMap(({ target, ids }) =>
      chunks(ids, ID_BATCH).map(async (chunk) => {
        try {
          if (!(await mayLookUp(target.entity))) return;
          const page = await clientFor(target.entity).getList(idsRequest(chunk));
          for (const row of page.rows) cache(target).set(row.id, toOption(row, target, lang).text);
        } catch {
          // the pipeline reports a failure; the ids stay shown
        }
      }),
    );
    // ids not answered (no permission, out of the user's rows, deleted) stay shown as they are
    void Promise.all(requests).then(loaded);
  }
}

/** Ids per GetList of display texts: the most conditions a combined filter may have (docs/api.md). */
export const ID_BATCH = 10;

/** The rows of these ids, one page: id = a OR id = b … */
export function idsRequest(ids: number[]): ListRequest {
  const equals = (id: number) => ({ filterType: 'number', type: 'equals', filter: id });
  const [only] = ids;
  return {
    startRow: 0,
    endRow: ids.length,
    filterModel: {
      id:
        ids.length === 1 && only !== undefined
          ? equals(only)
          : { filterType: 'number', operator: 'OR', conditions: ids.map(equals) },
    },
  };
}

function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

export interface LookupCellParams {
  lookups: LineLookups;
  target: LookupTarget;
  /** Accessible name of the options list. */
  label: string;
}

let nextListId = 1;

/**
 * Vanilla cell editor: an input in the cell (an inline editor: starting it positions no popup and
 * focuses only the input) and, once a search answers, a list of options under it. The list is
 * placed over the lines section (the cell and the grid clip what overflows them), at the input.
 */
export class LookupCellEditor implements ICellEditorComp<GridLine> {
  private input = document.createElement('input');
  private list = document.createElement('div');
  private options: LookupOption[] = [];
  private optionsFor = '';
  private active = -1;
  private chosen: LookupOption | null = null;
  /** Enter was pressed: the highlighted option is the pick (a keyboard pick). */
  private entered = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticket = 0;
  private initialText = '';
  private initial: unknown;
  private p!: ICellEditorParams<GridLine> & LookupCellParams;

  init(p: ICellEditorParams<GridLine> & LookupCellParams): void {
    this.p = p;
    this.initial = p.value;
    this.initialText =
      typeof p.value === 'number'
        ? (p.lookups.textOf(p.target, p.value) ?? String(p.value))
        : String(p.value ?? '');
    this.input.className = LOOKUP_CELL_CLASS;
    this.input.type = 'text';
    this.input.setAttribute('role', 'combobox');
    this.input.setAttribute('aria-label', p.label);
    this.input.setAttribute('aria-expanded', 'false');
    this.input.setAttribute('aria-autocomplete', 'list');
    this.input.style.cssText =
      'width:100%;height:100%;box-sizing:border-box;padding:0 4px;font:inherit;border:none;outline:none;background:Canvas;color:CanvasText;';
    const typed = p.eventKey && p.eventKey.length === 1 ? p.eventKey : null;
    this.input.value = typed ?? this.initialText;
    this.list.id = `erp-line-lookup-list-${nextListId++}`;
    this.input.setAttribute('aria-controls', this.list.id);
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', p.label);
    this.list.style.cssText =
      'position:absolute;z-index:1000;min-width:240px;max-height:200px;overflow:auto;border:1px solid GrayText;background:Canvas;color:CanvasText;display:none;';
    this.input.addEventListener('input', () => {
      this.chosen = null;
      this.schedule();
    });
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    // Enter belongs to the grid (commit, next cell); never an implicit submission of the form
    this.input.addEventListener('keypress', (e) => e.key === 'Enter' && e.preventDefault());
    if (typed) this.schedule();
  }

  getGui(): HTMLElement {
    return this.input;
  }

  afterGuiAttached(): void {
    this.input.focus();
    if (!this.p.eventKey) this.input.select();
  }

  isPopup(): boolean {
    return false;
  }

  /**
   * The picked id (a click, or Enter on the highlighted option); text left without a pick is its
   * one exact match among the options shown, else returned as typed (resolved after the commit).
   */
  getValue(): unknown {
    if (this.chosen) return this.chosen.id;
    const text = this.input.value.trim();
    const active = this.options[this.active];
    const shown = this.optionsFor === text;
    if (this.entered && active && shown) return this.pickedId(active);
    if (text === '') return undefined;
    if (text === this.initialText.trim()) return this.initial;
    const exact = shown ? exactMatch(this.options.map(optionRow), this.p.target, text) : null;
    const option = exact && this.options.find((o) => o.id === exact.id);
    return option ? this.pickedId(option) : text;
  }

  /** The picked option (its row fills the line's fields, lineLookupColumn.ts). */
  picked(): LookupOption | null {
    return this.chosen;
  }

  private pickedId(option: LookupOption): number {
    this.chosen = option;
    return option.id;
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.ticket++;
    this.list.remove();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const ticket = ++this.ticket;
    this.timer = setTimeout(() => void this.run(ticket), LOOKUP_DELAY_MS);
  }

  private async run(ticket: number): Promise<void> {
    const text = this.input.value.trim();
    const options = await this.p.lookups.search(this.p.target, text);
    if (ticket !== this.ticket) return;
    this.options = options;
    this.optionsFor = text;
    this.active = options.length > 0 ? 0 : -1;
    this.draw();
  }

  private draw(): void {
    this.list.replaceChildren(
      ...this.options.map((o, i) => {
        const el = document.createElement('div');
        el.setAttribute('role', 'option');
        el.setAttribute('aria-selected', String(i === this.active));
        el.textContent = o.hint ? `${o.text}${HINT_SEPARATOR}${o.hint}` : o.text;
        el.style.cssText = `padding:4px 8px;cursor:pointer;${i === this.active ? 'background:Highlight;color:HighlightText;' : ''}`;
        el.addEventListener('mousedown', (e) => {
          e.preventDefault();
          this.chosen = o;
          this.p.stopEditing();
        });
        return el;
      }),
    );
    const open = this.options.length > 0;
    if (open) this.place();
    this.list.style.display = open ? 'block' : 'none';
    this.input.setAttribute('aria-expanded', String(open));
  }

  /** Puts the list under the input, over the lines section (its positioned box). */
  private place(): void {
    const over = this.input.closest<HTMLElement>('[data-lines]') ?? document.body;
    if (this.list.parentElement !== over) over.append(this.list);
    const at = this.input.getBoundingClientRect();
    const box = over.getBoundingClientRect();
    const rtl = getComputedStyle(this.input).direction === 'rtl';
    this.list.style.top = `${at.bottom - box.top + over.scrollTop}px`;
    if (rtl) {
      this.list.style.right = `${box.right - at.right}px`;
      this.list.style.left = '';
    } else {
      this.list.style.left = `${at.left - box.left + over.scrollLeft}px`;
      this.list.style.right = '';
    }
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Enter') this.entered = true;
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    e.stopPropagation();
    if (this.options.length === 0) return;
    const step = e.key === 'ArrowDown' ? 1 : -1;
    this.active = (this.active + step + this.options.length) % this.options.length;
    this.draw();
  }
}

/** An option's row, for exactMatch (the option's id alone when it came without one). */
function optionRow(o: LookupOption): Partial<EntityRow> & { id: number } {
  return o.row ?? { id: o.id };
}
