/**
 * Display values of the export: list columns with their labels in the request language, each value
 * as the grid shows it (the shared displayValue of its kind, runtime/shared/fieldKind.ts: enum
 * labels, بله/خیر, Jalali dates, a lookup as the other row's display text when the user may see
 * that row…) with Western digits, so cells stay searchable; numbers of number kinds (integer,
 * decimal, money, percent) stay numbers, so a spreadsheet can sum them. Formatting for CSV
 * (RFC 4180, formula-injection guard) is here too.
 */
import { lookupDisplayKey, type Lang } from '../../runtime/shared/definition';
import { KINDS, fieldLabel, kindField, kindOf, displayValue } from '../../runtime/shared/fieldKind';
import type { Entity } from '../definitions/registry';
import type { Row } from './rows';

export type Cell = string | number | null;

/** The exported columns: the list's columns that are fields of the data schema. */
export function exportColumns(entity: Entity): string[] {
  return entity.def.list.columns.filter((c) => c in entity.def.schema.properties);
}

export function headerCells(entity: Entity, columns: string[], lang: Lang): string[] {
  return columns.map((c) => fieldLabel(entity.def, c, lang));
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

export function displayCell(
  entity: Entity,
  column: string,
  value: unknown,
  lang: Lang,
  lookups: LookupTexts,
): Cell {
  if (value === null || value === undefined) return null;
  const kind = kindOf(entity.def, column);
  if (KINDS[kind].numeric && typeof value === 'number') return value;
  const lookupText = typeof value === 'number' ? lookups.get(column)?.get(value) : undefined;
  const field = kindField(entity.def.schema.properties[column], entity.def.fields[column]);
  return displayValue(kind, value, lang, field, {
    digits: 'western',
    ...(lookupText === undefined ? {} : { lookupText }),
  });
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
