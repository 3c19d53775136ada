/**
 * Checks of a definition's `tax` and `kept` declarations (runtime/shared/tax.ts, kept.ts,
 * docs/tax.md), each problem with its JSON path and a `designerCheck.{key}` text:
 * - on their own (taxProblems, part of safety.ts: at start and on Plan/Publish): the child table
 *   and the fields named are the document's and of the right kinds (the date a date, the base and
 *   discount numbers, the rate, the amount and the total whole numbers, the item and the code
 *   lookups); a kept value's lookup is a lookup field, its targets fields of the document;
 * - against the other definitions (taxLookupProblems, at start over the files and on Publish over
 *   the registry): the codes' entity has the shape of tax codes (TAX_CODE_FIELDS), the item's
 *   code field looks up the same entity, a kept value's source field is a field of the looked-up
 *   entity.
 */
import type { EntityDataSchema, EntityDefinition } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import { TAX_CODE_FIELDS } from '../../runtime/shared/tax';

export interface TaxProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const NUMBER_KINDS = new Set(['integer', 'decimal', 'money', 'percent']);
const WHOLE_KINDS = new Set(['integer', 'money']);

const has = (schema: EntityDataSchema, field: string) => Object.hasOwn(schema.properties, field);

/** Problems of the declarations on their own (the definition as in force). */
export function taxProblems(def: EntityDefinition): TaxProblem[] {
  const out: TaxProblem[] = [];
  const tax = def.tax;
  if (tax) {
    const child = Object.hasOwn(def.children ?? {}, tax.lines) ? def.children?.[tax.lines] : undefined;
    const docField = (path: string, field: string, ok: (kind: string) => boolean) => {
      if (!has(def.schema, field) || !ok(kindOf(def, field)))
        out.push({ path: `/tax/${path}`, key: 'taxField', params: { field } });
    };
    docField('date', tax.date, (k) => k === 'date');
    docField('total', tax.total, (k) => WHOLE_KINDS.has(k));
    if (tax.discount) docField('discount', tax.discount, (k) => NUMBER_KINDS.has(k));
    if (!child) out.push({ path: '/tax/lines', key: 'taxLines', params: { child: tax.lines } });
    else {
      const line = { schema: child.schema, fields: child.fields };
      const lineField = (path: string, field: string, ok: (kind: string) => boolean) => {
        if (!has(child.schema, field) || !ok(kindOf(line, field)))
          out.push({ path: `/tax/${path}`, key: 'taxField', params: { field: `${tax.lines}.${field}` } });
      };
      lineField('base', tax.base, (k) => NUMBER_KINDS.has(k));
      if (tax.lineDiscount) lineField('lineDiscount', tax.lineDiscount, (k) => NUMBER_KINDS.has(k));
      lineField('rate', tax.rate, (k) => WHOLE_KINDS.has(k));
      lineField('amount', tax.amount, (k) => WHOLE_KINDS.has(k));
      for (const path of ['item', 'code'] as const)
        if (!child.fields[tax[path]]?.lookup || !has(child.schema, tax[path]))
          out.push({
            path: `/tax/${path}`,
            key: 'taxLookup',
            params: { field: `${tax.lines}.${tax[path]}` },
          });
    }
  }
  for (const [lookup, fill] of Object.entries(def.kept?.fromLookup ?? {})) {
    if (!def.fields[lookup]?.lookup)
      out.push({ path: `/kept/fromLookup/${lookup}`, key: 'keptLookup', params: { field: lookup } });
    for (const to of Object.keys(fill))
      if (!has(def.schema, to))
        out.push({ path: `/kept/fromLookup/${lookup}/${to}`, key: 'keptField', params: { field: to } });
  }
  for (const to of Object.keys(def.kept?.fromSettings ?? {}))
    if (!has(def.schema, to))
      out.push({ path: `/kept/fromSettings/${to}`, key: 'keptField', params: { field: to } });
  return out;
}

/** Problems of the entities the declarations read (`defOf`: a definition by key, as in force). */
export function taxLookupProblems(
  def: EntityDefinition,
  defOf: (key: string) => EntityDefinition | undefined,
): TaxProblem[] {
  const out: TaxProblem[] = [];
  const tax = def.tax;
  const fields = tax ? def.children?.[tax.lines]?.fields : undefined;
  const codesKey = tax ? fields?.[tax.code]?.lookup?.entity : undefined;
  const codes = codesKey ? defOf(codesKey) : undefined;
  if (tax && codesKey && codes) {
    const F = TAX_CODE_FIELDS;
    const rates = codes.children?.[F.rates];
    const shaped =
      has(codes.schema, F.code) &&
      has(codes.schema, F.exempt) &&
      !!rates &&
      [F.validFrom, F.validTo, F.rate, F.levy].every((f) => has(rates.schema, f));
    if (!shaped) out.push({ path: '/tax/code', key: 'taxCodeEntity', params: { entity: codesKey } });
  }
  const itemKey = tax ? fields?.[tax.item]?.lookup?.entity : undefined;
  const item = itemKey ? defOf(itemKey) : undefined;
  if (tax && itemKey && item && item.fields[tax.itemCode]?.lookup?.entity !== codesKey)
    out.push({
      path: '/tax/itemCode',
      key: 'taxItemCode',
      params: { field: tax.itemCode, entity: itemKey, codes: codesKey ?? '' },
    });
  for (const [lookup, fill] of Object.entries(def.kept?.fromLookup ?? {})) {
    const key = def.fields[lookup]?.lookup?.entity;
    const target = key ? defOf(key) : undefined;
    if (!key || !target) continue;
    for (const [to, from] of Object.entries(fill))
      if (!has(target.schema, from))
        out.push({
          path: `/kept/fromLookup/${lookup}/${to}`,
          key: 'keptSource',
          params: { field: from, entity: key },
        });
  }
  return out;
}
