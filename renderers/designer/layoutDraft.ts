/**
 * Edits of a draft's form layout (runtime/shared/layout.ts) made by the designer's layout editor:
 * place a field (drag and drop, or «move to section»), move it a row up or down, set its span,
 * take it out; add, rename and remove tabs and sections. Pure functions over a copy; a row left
 * empty is dropped, so the layout never holds empty rows.
 */
import type { EntityDefinition, LocalText } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKinds/derive';
import {
  layoutColumns,
  placeableNames,
  type FormLayout,
  type LayoutCell,
  type LayoutSection,
  type LayoutTab,
} from '../../runtime/shared/layout';

/** Where a field goes: a section, and a row of it (absent: a new row at the end) at an index. */
export interface Target {
  tab: number;
  section: number;
  row?: number;
  /** Index in the row (absent: the end); with `newRow`, a new row inserted at `row`. */
  index?: number;
  newRow?: boolean;
}

/** Where a field is now. */
export interface Position {
  tab: number;
  section: number;
  row: number;
  index: number;
}

const copy = (layout: FormLayout): FormLayout => structuredClone(layout);

export function positionOf(layout: FormLayout, name: string): Position | null {
  for (const [t, tab] of layout.tabs.entries())
    for (const [s, section] of tab.sections.entries())
      for (const [r, row] of section.rows.entries()) {
        const i = row.findIndex((c) => c.field === name);
        if (i >= 0) return { tab: t, section: s, row: r, index: i };
      }
  return null;
}

/** Names of the entity the layout does not place yet, in the definition's order. */
export function unplaced(def: EntityDefinition, layout: FormLayout): string[] {
  return placeableNames(def).filter((n) => !positionOf(layout, n));
}

function dropEmptyRows(layout: FormLayout): FormLayout {
  for (const tab of layout.tabs)
    for (const section of tab.sections) section.rows = section.rows.filter((r) => r.length > 0);
  return layout;
}

/** The layout without `name` (it goes back to the fields not placed). */
export function removeField(layout: FormLayout, name: string): FormLayout {
  const next = copy(layout);
  for (const tab of next.tabs)
    for (const section of tab.sections)
      section.rows = section.rows.map((r) => r.filter((c) => c.field !== name));
  return dropEmptyRows(next);
}

/** `name` placed at `target` (taken from where it was; its span kept). */
export function placeField(layout: FormLayout, name: string, target: Target): FormLayout {
  const next = copy(layout);
  const section = next.tabs[target.tab]?.sections[target.section];
  if (!section) return layout;
  let cell: LayoutCell = { field: name };
  // taken out without dropping its row yet, so the target's row indices still hold
  for (const tab of next.tabs)
    for (const s of tab.sections)
      s.rows = s.rows.map((r) =>
        r.filter((c) => {
          if (c.field !== name) return true;
          cell = c;
          return false;
        }),
      );
  const rows = section.rows;
  if (target.row === undefined || target.row >= rows.length) rows.push([cell]);
  else if (target.newRow) rows.splice(Math.max(0, target.row), 0, [cell]);
  else {
    const row = rows[target.row]!;
    row.splice(target.index ?? row.length, 0, cell);
  }
  return dropEmptyRows(next);
}

/** `name` moved to the row above (`-1`, at its end) or below (`1`, at its start); at an edge, a row of its own. */
export function moveField(layout: FormLayout, name: string, direction: -1 | 1): FormLayout {
  const at = positionOf(layout, name);
  if (!at) return layout;
  const rows = layout.tabs[at.tab]!.sections[at.section]!.rows;
  const alone = rows[at.row]!.length === 1;
  const to = at.row + direction;
  const base = { tab: at.tab, section: at.section };
  if (to < 0) return alone ? layout : placeField(layout, name, { ...base, row: 0, newRow: true });
  if (to >= rows.length) return alone ? layout : placeField(layout, name, base);
  return placeField(layout, name, { ...base, row: to, index: direction === -1 ? undefined : 0 });
}

export function setSpan(layout: FormLayout, name: string, span: number | undefined): FormLayout {
  const at = positionOf(layout, name);
  if (!at) return layout;
  const next = copy(layout);
  const cell = next.tabs[at.tab]!.sections[at.section]!.rows[at.row]![at.index]!;
  if (span === undefined) delete cell.span;
  else cell.span = Math.min(Math.max(1, Math.trunc(span)), layoutColumns(next));
  return next;
}

/**
 * A first layout: one tab, one section with every field two to a row (a long text or a child
 * table a row of its own), in the definition's order.
 */
export function startLayout(def: EntityDefinition, tabTitle: LocalText): FormLayout {
  const rows: LayoutCell[][] = [];
  let pair: LayoutCell[] = [];
  const children = new Set(Object.keys(def.children ?? {}));
  for (const name of placeableNames(def)) {
    const whole = children.has(name) || kindOf(def, name) === 'longText';
    if (whole) {
      if (pair.length) rows.push(pair);
      rows.push([{ field: name }]);
      pair = [];
      continue;
    }
    pair.push({ field: name });
    if (pair.length === 2) {
      rows.push(pair);
      pair = [];
    }
  }
  if (pair.length) rows.push(pair);
  return { columns: 12, tabs: [{ title: tabTitle, sections: [{ rows }] }] };
}

export function addTab(layout: FormLayout, title: LocalText): FormLayout {
  const next = copy(layout);
  next.tabs.push({ title, sections: [{ title, rows: [] }] });
  return next;
}

/** A tab removed; its fields go back to those not placed. The last tab stays. */
export function removeTab(layout: FormLayout, tab: number): FormLayout {
  if (layout.tabs.length <= 1) return layout;
  const next = copy(layout);
  next.tabs.splice(tab, 1);
  return next;
}

export function changeTab(layout: FormLayout, tab: number, patch: Partial<LayoutTab>): FormLayout {
  const next = copy(layout);
  next.tabs[tab] = { ...next.tabs[tab]!, ...patch };
  return next;
}

/** A tab moved one place before (-1) or after (1). */
export function moveTab(layout: FormLayout, tab: number, direction: -1 | 1): FormLayout {
  const to = tab + direction;
  if (to < 0 || to >= layout.tabs.length) return layout;
  const next = copy(layout);
  [next.tabs[tab], next.tabs[to]] = [next.tabs[to]!, next.tabs[tab]!];
  return next;
}

export function addSection(layout: FormLayout, tab: number, title: LocalText): FormLayout {
  const next = copy(layout);
  next.tabs[tab]?.sections.push({ title, rows: [] });
  return next;
}

/** A section removed; its fields go back to those not placed. */
export function removeSection(layout: FormLayout, tab: number, section: number): FormLayout {
  const next = copy(layout);
  next.tabs[tab]?.sections.splice(section, 1);
  return next;
}

export function changeSection(
  layout: FormLayout,
  tab: number,
  section: number,
  patch: Partial<LayoutSection>,
): FormLayout {
  const next = copy(layout);
  const s = next.tabs[tab]?.sections[section];
  if (!s) return layout;
  const merged: LayoutSection = { ...s, ...patch };
  // folded when the form opens only a section that can fold
  if (!merged.collapsible) delete merged.collapsed;
  for (const key of Object.keys(merged) as (keyof LayoutSection)[])
    if (merged[key] === undefined || merged[key] === false) delete merged[key];
  next.tabs[tab]!.sections[section] = merged;
  return next;
}

/** The draft with `layout` (absent: no layout, the form as without one). */
export function withLayout(def: EntityDefinition, layout: FormLayout | undefined): EntityDefinition {
  const next = { ...def };
  if (layout) next.layout = layout;
  else delete next.layout;
  return next;
}
