/**
 * The sample document the print formats tab previews (no server): the first sample row of the
 * entity (sampleRows.ts), two sample lines per child table, texts for its lookups and sample rows
 * of the looked-up entities for the values a format shows of them («کالا › کد»).
 */
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKinds/derive';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { textKey, type LookupTexts } from '../../runtime/shared/print/printData';
import type { LookupRows } from '../../runtime/shared/print/sheetModel';
import type { PrintFormat } from '../../runtime/shared/printFormat';
import type { LookupDefinitions, PrintSource } from './printDraft';
import { sampleRows } from './sampleRows';

export interface PrintSample {
  row: EntityRow;
  texts: LookupTexts;
  rows: LookupRows;
}

/** Sample rows whose texts read as their field's label («شماره پیش‌فاکتور ۱»), not its key. */
function labelledRows(
  definition: EntityDefinition,
  source: PrintSource,
  count: number,
  lang: Lang,
): EntityRow[] {
  return sampleRows(asDefinition(definition, source), count).map((row, i) => {
    for (const name of Object.keys(source.schema.properties)) {
      const kind = kindOf(source, name);
      if ((kind === 'text' || kind === 'longText') && typeof row[name] === 'string')
        row[name] = `${fieldLabel(source, name, lang)} ${localDigits(String(i + 1), lang)}`;
    }
    return row;
  });
}

const asDefinition = (definition: EntityDefinition, source: PrintSource): EntityDefinition => ({
  ...definition,
  schema: source.schema,
  fields: source.fields,
  children: undefined,
});

export function printSample(
  definition: EntityDefinition,
  format: PrintFormat | undefined,
  lookups: LookupDefinitions,
  lang: Lang,
): PrintSample {
  const row: EntityRow = labelledRows(definition, definition, 1, lang)[0]!;
  const texts: LookupTexts = new Map();
  const rows: LookupRows = new Map();
  // a lookup prints as «its label n»; the row it names is the target's sample row (when known)
  const lookupsOf = (source: PrintSource, data: Record<string, unknown>) => {
    for (const [name, meta] of Object.entries(source.fields)) {
      const lookup = meta?.lookup;
      if (!lookup || data[name] === undefined) continue;
      const id = data[name];
      texts.set(
        textKey(lookup.entity, id),
        `${fieldLabel(source, name, lang)} ${localDigits(String(id), lang)}`,
      );
      const target = lookups.get(lookup.entity);
      const other = target ? labelledRows(definition, target, Number(id), lang)[Number(id) - 1] : {};
      rows.set(textKey(lookup.entity, id), { ...other, id });
    }
  };
  lookupsOf(definition, row);
  for (const [table, child] of Object.entries(definition.children ?? {})) {
    const lines = labelledRows(definition, child, 2, lang);
    row[table] = lines;
    for (const line of lines) lookupsOf(child, line);
  }
  // a looked-up row's own lookup (an item's unit) prints as «its label n»
  for (const b of format?.blocks ?? []) {
    const values = b.kind === 'lines' ? (b.columns ?? []) : 'values' in b ? (b.values ?? []) : [];
    for (const v of values) {
      const show = v.show;
      if (!v.showLookup || !show) continue;
      const holder = [...lookups.values()].find((d) => d.fields[show]?.lookup);
      const label = holder ? fieldLabel(holder, show, lang) : show;
      for (const other of rows.values()) {
        const id = other[show];
        if (id !== undefined && id !== null)
          texts.set(textKey(v.showLookup.entity, id), `${label} ${localDigits(String(id), lang)}`);
      }
    }
  }
  return { row, texts, rows };
}
