/**
 * What a print view shows, from the definition alone (pure; unit-tested): the header fields, the
 * money totals, the lines of each child table, and the amount in words of the last total (not the
 * open amount a settled document's `settlement` keeps: what is left to pay is no total of it). Every
 * text is the field kind's displayValue (runtime/shared/fieldKinds), as the grid and lines show it.
 * Lookup ids are shown by the display texts fetched beforehand (usePrintDocument).
 */
import { parseAttachmentIds } from '../attachments';
import { rialInWords } from '../persianWords';
import {
  localText,
  type ChildDefinition,
  type EntityDefinition,
  type EntityRow,
  type Lang,
} from '../definition';
import {
  displayValue,
  fieldLabel,
  fieldText,
  kindOf,
  KINDS,
  type FieldKind,
  type KindSource,
} from '../fieldKind';

/** Where a printed header field of each kind goes: among the fields, the totals at the foot, or the images. */
export const PRINT_PLACES: Record<FieldKind, 'fields' | 'totals' | 'images'> = {
  text: 'fields',
  longText: 'fields',
  integer: 'fields',
  decimal: 'fields',
  money: 'totals',
  percent: 'fields',
  boolean: 'fields',
  enum: 'fields',
  multiEnum: 'fields',
  lookup: 'fields',
  date: 'fields',
  dateTime: 'fields',
  time: 'fields',
  nationalCode: 'fields',
  companyId: 'fields',
  postalCode: 'fields',
  sheba: 'fields',
  mobile: 'fields',
  email: 'fields',
  attachments: 'fields',
  image: 'images',
};

/** The printed text of a field's value: its kind's display text; lookups by the fetched text. */
export function printText(
  source: KindSource,
  name: string,
  value: unknown,
  texts: LookupTexts,
  lang: Lang,
): string {
  const lookup = source.fields[name]?.lookup;
  if (lookup) {
    const text = texts.get(textKey(lookup.entity, value));
    return displayValue('lookup', value, lang, {}, text === undefined ? {} : { lookupText: text });
  }
  return fieldText(source, name, value, lang);
}

/** Display texts of looked-up rows: `${entityKey}#${id}` → text. */
export type LookupTexts = Map<string, string>;

export const textKey = (entity: string, id: unknown) => `${entity}#${String(id)}`;

export interface PrintCell {
  name: string;
  label: string;
  text: string;
}

export interface PrintTable {
  name: string;
  label: string;
  columns: { name: string; label: string; numeric: boolean }[];
  rows: string[][];
}

/** Image fields: the stored image files, printed as pictures. */
export interface PrintImages {
  name: string;
  label: string;
  ids: number[];
}

export interface PrintModel {
  title: string;
  heading: string;
  fields: PrintCell[];
  totals: PrintCell[];
  images: PrintImages[];
  tables: PrintTable[];
  words: string;
}

export function order(def: {
  schema: EntityDefinition['schema'];
  uiSchema?: Record<string, unknown>;
}): string[] {
  const names = Object.keys(def.schema.properties);
  const asked = def.uiSchema?.['ui:order'];
  if (!Array.isArray(asked)) return names;
  const first = asked.filter((n): n is string => typeof n === 'string' && names.includes(n));
  return [...first, ...names.filter((n) => !first.includes(n))];
}

export function lineTable(
  name: string,
  child: ChildDefinition,
  rows: unknown,
  texts: LookupTexts,
  lang: Lang,
): PrintTable {
  // a line field the lines grid hides (the source line a chained line came from) is not printed
  const names = Object.keys(child.schema.properties).filter((n) => !child.fields[n]?.hiddenInGrid);
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return {
    name,
    label: localText(child.label, lang),
    columns: names.map((n) => ({
      name: n,
      label: fieldLabel(child, n, lang),
      numeric: KINDS[kindOf(child, n)].numeric,
    })),
    rows: list.map((line) => names.map((n) => printText(child, n, line[n], texts, lang))),
  };
}

export function printModel(
  definition: EntityDefinition,
  row: EntityRow,
  texts: LookupTexts,
  lang: Lang,
): PrintModel {
  const fields: PrintCell[] = [];
  const totals: PrintCell[] = [];
  const images: PrintImages[] = [];
  for (const name of order(definition)) {
    const label = fieldLabel(definition, name, lang);
    const place = PRINT_PLACES[kindOf(definition, name)];
    if (place === 'images') {
      const ids = parseAttachmentIds(row[name]);
      if (ids.length) images.push({ name, label, ids });
      continue;
    }
    const text = printText(definition, name, row[name], texts, lang);
    (place === 'totals' ? totals : fields).push({ name, label, text });
  }
  // the amount in words is the document's own total, not the open amount the server keeps
  const open = definition.settlement?.open;
  const lastTotal = [...order(definition)]
    .reverse()
    .find((n) => n !== open && PRINT_PLACES[kindOf(definition, n)] === 'totals');
  const words = lastTotal ? rialInWords(row[lastTotal]) : '';
  const tables = Object.entries(definition.children ?? {}).map(([name, child]) =>
    lineTable(name, child, row[name], texts, lang),
  );
  return {
    title: localText(definition.title, lang),
    heading: String(row[definition.displayField] ?? row.id),
    // a stored copy of the words (a computed field) is not repeated among the fields
    fields: fields.filter((f) => f.text !== '' && f.text !== words),
    totals,
    images,
    tables,
    words,
  };
}

/** The lookups a row needs texts for: entity key → ids (header fields and lines). */
export function lookupIds(definition: EntityDefinition, row: EntityRow): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const add = (entity: string, v: unknown) => {
    if (typeof v !== 'number') return;
    if (!out.has(entity)) out.set(entity, new Set());
    out.get(entity)!.add(v);
  };
  for (const [name, meta] of Object.entries(definition.fields))
    if (meta.lookup) add(meta.lookup.entity, row[name]);
  for (const [name, child] of Object.entries(definition.children ?? {})) {
    const lines = Array.isArray(row[name]) ? (row[name] as Record<string, unknown>[]) : [];
    for (const [field, meta] of Object.entries(child.fields))
      if (meta.lookup) for (const line of lines) add(meta.lookup.entity, line[field]);
  }
  return out;
}
