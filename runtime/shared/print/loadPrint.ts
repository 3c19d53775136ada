/**
 * The looked-up rows a print needs, fetched through a function the caller gives (the browser: Get
 * of each entity; the server: the same read with the user's permissions, row scope and field modes),
 * so both sides print the same texts. A row that cannot be read prints as its id.
 */
import type { EntityDefinition, EntityRow, LookupSpec } from '../definition';
import type { PrintFormat } from '../printFormat';
import { lookupIds, textKey, type LookupTexts } from './printData';
import { shownLookupIds, type LookupRows } from './sheetModel';

/** One row of an entity as the user may read it; null when it may not (or there is none). */
export type FetchRow = (entity: string, id: number) => Promise<Record<string, unknown> | null>;

export interface PrintLookups {
  texts: LookupTexts;
  rows: LookupRows;
}

/** The display field of an entity's lookups in the definition (its fields' and lines' lookups). */
function displayFieldOf(definition: EntityDefinition, entity: string): string | undefined {
  const metas = [
    ...Object.values(definition.fields),
    ...Object.values(definition.children ?? {}).flatMap((c) => Object.values(c.fields)),
  ];
  return metas.map((m) => m.lookup).find((l): l is LookupSpec => l?.entity === entity)?.displayField;
}

async function fetchAll(
  wanted: Map<string, Set<number>>,
  displayField: (entity: string) => string | undefined,
  fetch: FetchRow,
  out: PrintLookups,
): Promise<void> {
  const jobs = [...wanted].flatMap(([entity, ids]) => [...ids].map((id) => ({ entity, id })));
  await Promise.all(
    jobs.map(async ({ entity, id }) => {
      const row = await fetch(entity, id).catch(() => null);
      if (!row) return;
      out.rows.set(textKey(entity, id), row);
      const field = displayField(entity);
      const text = field === undefined ? undefined : row[field];
      if (text !== undefined && text !== null) out.texts.set(textKey(entity, id), String(text));
    }),
  );
}

export async function loadLookups(
  definition: EntityDefinition,
  format: PrintFormat,
  row: EntityRow,
  fetch: FetchRow,
): Promise<PrintLookups> {
  const out: PrintLookups = { texts: new Map(), rows: new Map() };
  await fetchAll(lookupIds(definition, row), (e) => displayFieldOf(definition, e), fetch, out);
  // the second step: lookups of the looked-up rows a format shows (an item's unit)
  const shown = shownLookupIds(format, definition, row, out.rows);
  const shownField = new Map<string, string>();
  for (const b of format.blocks) {
    const values = b.kind === 'lines' ? (b.columns ?? []) : 'values' in b ? (b.values ?? []) : [];
    for (const v of values) if (v.showLookup) shownField.set(v.showLookup.entity, v.showLookup.displayField);
  }
  await fetchAll(shown, (e) => shownField.get(e), fetch, out);
  return out;
}
