/**
 * Display values of the export: list columns with their labels in the request language, enum
 * labels, بله/خیر for booleans, Jalali dates, lookups as the other row's display text (when the user may see that row), money and
 * other numbers as numbers. Formatting for CSV (RFC 4180, formula-injection guard) is here too.
 */
import { localText, lookupDisplayKey, type Lang } from '../../runtime/shared/definition';
import { isoToJalali } from '../../runtime/shared/jalali';
import type { Entity } from '../definitions/registry';
import { t } from '../i18n';
import type { Row } from './rows';

export type Cell = string | number | null;

/** The exported columns: the list's columns that are fields of the data schema. */
export function exportColumns(entity: Entity): string[] {
  return entity.def.list.columns.filter((c) => c in entity.def.schema.properties);
}

export function headerCells(entity: Entity, columns: string[], lang: Lang): string[] {
  return columns.map((c) => localText(entity.def.fields[c]?.label, lang) || c);
}

/** id → display text of the rows a lookup column points at, for one batch of rows. */
export type LookupTexts = Map<string, Map<number, string>>;

/**
 * The display texts GetList adds to rows (`{column}__display`, server/entities/lookupDisplay.ts:
 * only for looked-up rows the user may view, within its row scope), by column and id.
 */
export function lookupTexts(entity: Entity, columns: string[], rows: Row[]): LookupTexts {
  const out: LookupTexts = new Map();
  for (const c of columns) {
    if (!entity.def.fields[c]?.lookup) continue;
    const texts = new Map<number, string>();
    for (const r of rows) {
      const id = r[c];
      const text = r[lookupDisplayKey(c)];
      if (typeof id === 'number' && typeof text === 'string') texts.set(id, text);
    }
    out.set(c, texts);
  }
  return out;
}

function dateText(value: string, withTime: boolean): string {
  const jalali = isoToJalali(value.slice(0, 10)) ?? value;
  return withTime && value.length > 10 ? `${jalali} ${value.slice(11, 16)}` : jalali;
}

export function displayCell(
  entity: Entity,
  column: string,
  value: unknown,
  lang: Lang,
  lookups: LookupTexts,
): Cell {
  if (value === null || value === undefined) return null;
  const field = entity.def.schema.properties[column];
  const meta = entity.def.fields[column];
  const lookup = lookups.get(column);
  if (lookup && typeof value === 'number') return lookup.get(value) ?? String(value);
  if (meta?.enumLabels && String(value) in meta.enumLabels)
    return localText(meta.enumLabels[String(value)], lang);
  if (field?.type === 'boolean') return t(lang, value ? 'grid.yes' : 'grid.no');
  if (typeof value === 'number') return meta?.money ? Math.round(value) : value;
  if (field?.format === 'date' || field?.format === 'date-time')
    return dateText(String(value), field.format === 'date-time');
  return String(value);
}

/** One CSV field: formula starters neutralised with an apostrophe, then RFC 4180 quoting. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
