/**
 * Edits of a draft's print formats (runtime/shared/printFormat.ts, docs/print.md) made by the
 * designer's print formats tab: add, rename, remove a format and mark the one default; add, move,
 * remove and change its blocks; the values and columns a block prints, chosen from the entity's
 * fields and the fields of the rows they look up. Pure functions over copies: a block the analyst
 * does not touch stays exactly as published (the round trip keeps the shipped formats).
 */
import type { ChildDefinition, EntityDefinition, LocalText } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKinds/derive';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import type { Lang } from '../../runtime/shared/definition';
import type {
  PrintBlock,
  PrintBlockKind,
  PrintColumn,
  PrintFormat,
  PrintValue,
} from '../../runtime/shared/printFormat';

/** The fields a value can come from: the entity's own, or a line's. */
export type PrintSource = Pick<EntityDefinition, 'schema' | 'fields'>;

/** Definitions of looked-up entities (`module.name` → definition), for «a looked-up row's field». */
export type LookupDefinitions = ReadonlyMap<string, PrintSource>;

/** Texts of new formats and blocks, in the analyst's language (Persian always there). */
export interface DraftTexts {
  format: LocalText;
  party: LocalText;
  signature: LocalText;
}

export function formatsOf(definition: EntityDefinition): PrintFormat[] {
  return definition.printFormats ?? [];
}

/** The draft with these formats (none: the key is left out, the entity prints the generic format). */
export function withPrintFormats(definition: EntityDefinition, formats: PrintFormat[]): EntityDefinition {
  const next = { ...definition };
  if (formats.length) next.printFormats = formats;
  else delete next.printFormats;
  return next;
}

/** A name not used yet: format1, format2, … */
export function freeFormatName(formats: PrintFormat[]): string {
  const used = new Set(formats.map((f) => f.name));
  let n = formats.length + 1;
  while (used.has(`format${n}`)) n++;
  return `format${n}`;
}

/** Money fields of the entity (totals, amount in words). */
export function moneyFields(source: PrintSource): string[] {
  return Object.keys(source.schema.properties).filter((n) => kindOf(source, n) === 'money');
}

/** A new block of a kind, with what it needs to print something (a child table, a box title). */
export function newBlock(kind: PrintBlockKind, definition: EntityDefinition, texts: DraftTexts): PrintBlock {
  switch (kind) {
    case 'header':
      return { kind, logo: false };
    case 'party':
      return { kind, title: texts.party, values: [] };
    case 'fields':
      return { kind, values: [], columns: 3 };
    case 'lines':
      return { kind, table: Object.keys(definition.children ?? {})[0] ?? '', totals: true };
    case 'totals':
      return { kind };
    case 'words':
      // absent field: the last total the generic print shows (not the open amount)
      return { kind };
    case 'signatures':
      return { kind, boxes: [texts.signature] };
    case 'footer':
      return { kind };
  }
}

/**
 * A new format: the company header, the document's fields, each child table, totals, the amount in
 * words, one signature box and the footer. The first format of an entity is its default.
 */
export function addFormat(definition: EntityDefinition, texts: DraftTexts): PrintFormat[] {
  const formats = formatsOf(definition);
  const kinds: PrintBlockKind[] = ['header', 'fields', 'totals', 'words', 'signatures', 'footer'];
  const blocks = kinds.map((k) => newBlock(k, definition, texts));
  // the document's fields: every one the generic print shows (no `values`)
  blocks[1] = { kind: 'fields', columns: 3 };
  const lines = Object.keys(definition.children ?? {}).map((table): PrintBlock => ({ kind: 'lines', table }));
  blocks.splice(2, 0, ...lines);
  const format: PrintFormat = { name: freeFormatName(formats), title: texts.format, blocks };
  if (formats.length === 0) format.default = true;
  return [...formats, format];
}

/** A format removed; when it was the default, the first one left becomes the default. */
export function removeFormat(formats: PrintFormat[], index: number): PrintFormat[] {
  const removed = formats[index];
  const next = formats.filter((_, i) => i !== index);
  if (removed?.default && next.length && !next.some((f) => f.default))
    next[0] = { ...next[0]!, default: true };
  return next;
}

export function changeFormat(
  formats: PrintFormat[],
  index: number,
  patch: Partial<Pick<PrintFormat, 'name' | 'title'>>,
): PrintFormat[] {
  return formats.map((f, i) => (i === index ? { ...f, ...patch } : f));
}

/** This format the default and no other (the others lose the key: published files stay lean). */
export function setDefault(formats: PrintFormat[], index: number): PrintFormat[] {
  return formats.map((f, i) => {
    if (i === index) return f.default ? f : { ...f, default: true };
    if (!f.default) return f;
    const { default: _dropped, ...rest } = f;
    return rest;
  });
}

function withBlocks(formats: PrintFormat[], index: number, blocks: (b: PrintBlock[]) => PrintBlock[]) {
  return formats.map((f, i) => (i === index ? { ...f, blocks: blocks(f.blocks) } : f));
}

/** A block added at the end, before the footer when the format ends with one. */
export function addBlock(formats: PrintFormat[], index: number, block: PrintBlock): PrintFormat[] {
  return withBlocks(formats, index, (blocks) => {
    const at =
      blocks.at(-1)?.kind === 'footer' && block.kind !== 'footer' ? blocks.length - 1 : blocks.length;
    return [...blocks.slice(0, at), block, ...blocks.slice(at)];
  });
}

export function removeBlock(formats: PrintFormat[], index: number, block: number): PrintFormat[] {
  return withBlocks(formats, index, (blocks) => removeItem(blocks, block));
}

export function moveBlock(formats: PrintFormat[], index: number, block: number, by: -1 | 1): PrintFormat[] {
  return withBlocks(formats, index, (blocks) => moveItem(blocks, block, by));
}

export function changeBlock(
  formats: PrintFormat[],
  index: number,
  block: number,
  next: PrintBlock,
): PrintFormat[] {
  return withBlocks(formats, index, (blocks) => blocks.map((b, i) => (i === block ? next : b)));
}

/** An item moved one place before (-1) or after (1); at an edge the list as it was. */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** A value a picker offers: a field, or a field of the row a lookup field names. */
export interface ValueChoice {
  /** `field` or `field.show`. */
  key: string;
  label: string;
  value: PrintValue;
}

export const choiceKey = (v: { field?: string; show?: string }) =>
  v.show ? `${v.field ?? ''}.${v.show}` : (v.field ?? '');

/**
 * What a picker offers from a source (the entity or a child table): each field by its label, and
 * under each lookup field whose target's definition is known, that row's fields («کالا › کد»). A
 * looked-up field that is itself a lookup (an item's unit) carries `showLookup`, so the print
 * fetches its text.
 */
export function valueChoices(source: PrintSource, lookups: LookupDefinitions, lang: Lang): ValueChoice[] {
  const out: ValueChoice[] = [];
  for (const name of Object.keys(source.schema.properties)) {
    const label = fieldLabel(source, name, lang);
    out.push({ key: name, label, value: { field: name } });
    const lookup = source.fields[name]?.lookup;
    const target = lookup ? lookups.get(lookup.entity) : undefined;
    if (!target) continue;
    for (const show of Object.keys(target.schema.properties)) {
      const value: PrintValue = { field: name, show };
      const inner = target.fields[show]?.lookup;
      if (inner) value.showLookup = { entity: inner.entity, displayField: inner.displayField };
      // the sheet heads it with the looked-up field's label («واحد»), not the lookup's («کالا»)
      const own = target.fields[show]?.label;
      if (own?.fa) value.label = own.en ? { fa: own.fa, en: own.en } : { fa: own.fa };
      out.push({ key: `${name}.${show}`, label: `${label} › ${fieldLabel(target, show, lang)}`, value });
    }
  }
  return out;
}

/** The label a value prints with when it has none of its own (the field's, or «field › show»). */
export function valueLabel(
  source: PrintSource,
  v: { field?: string; show?: string },
  lookups: LookupDefinitions,
  lang: Lang,
): string {
  if (!v.field) return '';
  const own = fieldLabel(source, v.field, lang);
  if (!v.show) return own;
  const entity = source.fields[v.field]?.lookup?.entity;
  const target = entity ? lookups.get(entity) : undefined;
  return `${own} › ${target ? fieldLabel(target, v.show, lang) : v.show}`;
}

/** The child table a lines block prints, as a value source. */
export function lineSource(definition: EntityDefinition, table: string): ChildDefinition | undefined {
  return definition.children?.[table];
}

/** A value's or column's label changed: empty texts drop it (the field's label prints). */
export function withLabel<T extends PrintValue | PrintColumn>(v: T, label: LocalText | undefined): T {
  const next = { ...v };
  if (label?.fa) next.label = label.en ? { fa: label.fa, en: label.en } : { fa: label.fa };
  else delete next.label;
  return next;
}

/** The entities the draft's fields and lines look up (whose definitions the pickers need). */
export function lookedUpEntities(definition: EntityDefinition): string[] {
  const metas = [
    ...Object.values(definition.fields),
    ...Object.values(definition.children ?? {}).flatMap((c) => Object.values(c.fields)),
  ];
  return [...new Set(metas.flatMap((m) => (m?.lookup ? [m.lookup.entity] : [])))];
}
