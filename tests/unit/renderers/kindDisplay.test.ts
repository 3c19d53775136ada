/**
 * One text per value: the same record rendered through the grid's value formatter, the lines
 * grid, the print model and the history values gives the same text, field kind by field kind,
 * and that text is the shared displayValue (which the server's export uses too).
 */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { buildLineColumns } from '../../../renderers/form/lines/lineColumns';
import type { GridLine } from '../../../renderers/form/lines/lines';
import { buildColumnDefs } from '../../../renderers/grid/columns';
import { auditValue } from '../../../renderers/history/values';
import { printModel, textKey } from '../../../renderers/print/printData';
import type {
  ChildDefinition,
  EntityDefinition,
  EntityRow,
  FieldMeta,
  FieldSchema,
  Lang,
} from '../../../runtime/shared/definition';
import { lookupDisplayKey } from '../../../runtime/shared/definition';
import {
  displayValue,
  FIELD_KINDS,
  kindField,
  KINDS,
  kindOf,
  type FieldKind,
} from '../../../runtime/shared/fieldKind';

const t = (key: string) => ({ 'grid.yes': 'بله', 'grid.no': 'خیر' })[key] ?? key;

const LOOKUP = { entity: 'sales.customer', displayField: 'name' };
const COLORS = { red: { fa: 'قرمز', en: 'Red' }, blue: { fa: 'آبی', en: 'Blue' } };

/** A schema and meta per kind, and a stored value of it. */
const FIELDS: Record<FieldKind, { schema: FieldSchema; meta?: Partial<FieldMeta>; value: unknown }> = {
  text: { schema: { type: 'string' }, value: 'A-12' },
  longText: { schema: { type: 'string' }, meta: { kind: 'longText' }, value: 'سطر ۱ و 2' },
  integer: { schema: { type: 'integer' }, value: 1234567 },
  decimal: { schema: { type: 'number' }, meta: { precision: 2 }, value: 2.5 },
  money: { schema: { type: 'integer' }, meta: { money: true }, value: 250_000_000 },
  percent: { schema: { type: 'number' }, meta: { kind: 'percent' }, value: 9 },
  boolean: { schema: { type: 'boolean' }, value: true },
  enum: { schema: { type: 'string', enum: ['red', 'blue'] }, meta: { enumLabels: COLORS }, value: 'blue' },
  multiEnum: {
    schema: { type: 'string' },
    meta: { kind: 'multiEnum', enumLabels: COLORS },
    value: 'red,blue',
  },
  lookup: { schema: { type: 'integer' }, meta: { lookup: LOOKUP }, value: 12 },
  date: { schema: { type: 'string', format: 'date' }, value: '2026-11-22' },
  dateTime: { schema: { type: 'string', format: 'date-time' }, value: '2026-11-22T06:50:00.000Z' },
  time: { schema: { type: 'string', format: 'time' }, value: '09:30' },
  nationalCode: { schema: { type: 'string', format: 'ir-national-code' }, value: '0012345679' },
  companyId: { schema: { type: 'string', format: 'ir-company-id' }, value: '10380284790' },
  postalCode: { schema: { type: 'string', format: 'ir-postal-code' }, value: '1598765432' },
  sheba: { schema: { type: 'string', format: 'ir-sheba' }, value: 'IR820540102680020817909002' },
  mobile: { schema: { type: 'string', format: 'ir-mobile' }, value: '09121234567' },
  email: { schema: { type: 'string', format: 'email' }, value: 'ali2@example.com' },
  attachments: { schema: { type: 'string' }, meta: { kind: 'attachments' }, value: '3,4' },
  image: { schema: { type: 'string' }, meta: { kind: 'image' }, value: '5' },
};

const CUSTOMER_TEXT = 'شرکت نمونه 7';

function holder(): Pick<EntityDefinition, 'schema' | 'fields'> {
  const properties: Record<string, FieldSchema> = {};
  const fields: Record<string, FieldMeta> = {};
  for (const kind of FIELD_KINDS) {
    properties[kind] = FIELDS[kind].schema;
    fields[kind] = { label: { fa: `فیلد ${kind}`, en: kind }, ...FIELDS[kind].meta };
  }
  return { schema: { type: 'object', properties }, fields };
}

const lines: ChildDefinition = { label: { fa: 'سطرها' }, ...holder() };
const definition: EntityDefinition = {
  name: 'sample',
  module: 'sales',
  title: { fa: 'نمونه' },
  displayField: 'text',
  ...holder(),
  list: { columns: [...FIELD_KINDS] },
  children: { lines },
};

const values = Object.fromEntries(FIELD_KINDS.map((k) => [k, FIELDS[k].value]));
const row = {
  id: 1,
  version: 1,
  ...values,
  [lookupDisplayKey('lookup')]: CUSTOMER_TEXT,
  lines: [values],
} as EntityRow;

function formatted(col: ColDef<never> | undefined, value: unknown, data: unknown): string {
  const f = col?.valueFormatter;
  if (typeof f !== 'function') throw new Error(`no formatter for ${col?.colId}`);
  return f({ value, data } as ValueFormatterParams<never>);
}

function texts(lang: Lang): Record<string, Record<FieldKind, string>> {
  const grid = buildColumnDefs(definition, lang, t);
  const lineCols = buildLineColumns({
    child: lines,
    lang,
    readOnly: true,
    errorOf: () => '',
    onCellSet: () => undefined,
    lookups: {
      search: () => Promise.resolve([]),
      textOf: (_target, id) => (id === 12 ? CUSTOMER_TEXT : undefined),
      rowOf: () => undefined,
      resolve: () => Promise.resolve(null),
      load: () => undefined,
    },
  });
  const lookupTexts = new Map([[textKey('sales.customer', 12), CUSTOMER_TEXT]]);
  const printed = printModel(definition, row, lookupTexts, lang);
  const printedCells = new Map([...printed.fields, ...printed.totals].map((c) => [c.name, c.text]));
  const table = printed.tables[0]!;
  const line: GridLine = { key: 'k1', v: values };
  const out: Record<string, Record<FieldKind, string>> = {
    grid: {} as Record<FieldKind, string>,
    lines: {} as Record<FieldKind, string>,
    print: {} as Record<FieldKind, string>,
    printLines: {} as Record<FieldKind, string>,
    history: {} as Record<FieldKind, string>,
    shared: {} as Record<FieldKind, string>,
  };
  for (const kind of FIELD_KINDS) {
    const value = FIELDS[kind].value;
    out.shared![kind] = displayValue(
      kind,
      value,
      lang,
      kindField(FIELDS[kind].schema, definition.fields[kind]),
      kind === 'lookup' ? { lookupText: CUSTOMER_TEXT } : {},
    );
    out.grid![kind] = formatted(grid.find((c) => c.colId === kind) as ColDef<never>, value, row);
    out.lines![kind] = formatted(lineCols.find((c) => c.colId === kind) as ColDef<never>, value, line);
    // an image field of the header prints as its pictures, not as a text
    out.print![kind] =
      kind === 'image'
        ? printed.images.some((f) => f.name === 'image' && f.ids.join(',') === value)
          ? out.shared![kind]!
          : '(not among the images)'
        : (printedCells.get(kind) ?? '(missing)');
    out.printLines![kind] = table.rows[0]![table.columns.findIndex((c) => c.name === kind)]!;
    out.history![kind] = auditValue(definition, kind, value, lang);
  }
  return out;
}

describe('one display text per value, whatever shows it', () => {
  it('covers every kind with a field of that kind', () => {
    for (const kind of FIELD_KINDS) expect([kind, kindOf(definition, kind)]).toEqual([kind, kind]);
    expect(Object.keys(KINDS)).toHaveLength(FIELD_KINDS.length);
  });

  for (const lang of ['fa', 'en'] as const)
    it(`grid, lines, print, printed lines and history agree with displayValue (${lang})`, () => {
      const all = texts(lang);
      for (const [where, byKind] of Object.entries(all))
        for (const kind of FIELD_KINDS) {
          // the audit keeps a lookup's id, not the text: history shows the id as displayValue does
          const expected =
            where === 'history' && kind === 'lookup' ? displayValue('lookup', 12, lang) : all.shared![kind];
          expect([where, kind, byKind[kind]]).toEqual([where, kind, expected]);
        }
      // and they are what a reader of the language expects
      if (lang === 'fa') {
        expect(all.shared!.boolean).toBe('بله');
        expect(all.shared!.dateTime).toMatch(/^۱۴۰۵\/۰۹\/۰۱ [۰-۹]{2}:[۰-۹]{2}$/);
        expect(all.shared!.money).toBe('۲۵۰٬۰۰۰٬۰۰۰');
        expect(all.shared!.multiEnum).toBe('قرمز، آبی');
        expect(all.shared!.lookup).toBe('شرکت نمونه ۷');
      } else {
        expect(all.shared!.boolean).toBe('Yes');
        expect(all.shared!.percent).toBe('9%');
      }
    });
});
