import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import {
  deriveKind,
  displayValue,
  FIELD_KINDS,
  fieldLabel,
  fieldParse,
  fieldText,
  kindField,
  kindMismatch,
  kindOf,
  KINDS,
  unknownOptions,
  parseValue,
  type FieldKind,
} from '../../../runtime/shared/fieldKind';
import { unsafePattern } from '../../../runtime/shared/patternSafety';
import { createAjv } from '../../../runtime/shared/validation';

const ROOT = join(__dirname, '../../../schemas');

function definitionFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? definitionFiles(join(dir, e.name))
      : e.name.endsWith('.json') && !e.name.endsWith('.schema.json')
        ? [join(dir, e.name)]
        : [],
  );
}

const definitionSchema = JSON.parse(readFileSync(join(ROOT, 'definition.schema.json'), 'utf8')) as {
  definitions: { fieldMeta: { properties: { kind: { enum: string[] } } } };
};

describe('the kind table', () => {
  it('has every kind once, and the definition schema allows exactly these', () => {
    expect(new Set(FIELD_KINDS).size).toBe(FIELD_KINDS.length);
    expect(Object.keys(KINDS).sort()).toEqual([...FIELD_KINDS].sort());
    expect(definitionSchema.definitions.fieldMeta.properties.kind.enum).toEqual([...FIELD_KINDS]);
  });

  it('gives every kind a schema its own mismatch check accepts', () => {
    for (const kind of FIELD_KINDS) {
      const field = { enum: ['a', 'b'], enumLabels: { a: { fa: 'الف' }, b: { fa: 'ب' } } };
      const schema = KINDS[kind].schema(kind === 'enum' ? field : { enumLabels: field.enumLabels });
      const meta = {
        label: { fa: 'x' },
        ...(kind === 'lookup' ? { lookup: { entity: 'sales.customer', displayField: 'name' } } : {}),
        ...(kind === 'multiEnum' ? { enumLabels: field.enumLabels } : {}),
      };
      expect([kind, kindMismatch(kind, schema, meta)]).toEqual([kind, '']);
      // the designer may publish it (runtime/shared/patternSafety.ts)
      if (schema.pattern) expect([kind, unsafePattern(schema.pattern)]).toEqual([kind, null]);
      // and it derives back to the same kind when the definition states it
      expect(deriveKind(schema, { ...meta, kind })).toBe(kind);
    }
  });
});

describe('deriving the kind of shipped definitions', () => {
  const files = definitionFiles();

  it('finds a kind for every field, and the schema of each fits it', () => {
    expect(files.length).toBeGreaterThan(30);
    const seen = new Set<FieldKind>();
    for (const file of files) {
      const def = JSON.parse(readFileSync(file, 'utf8')) as EntityDefinition;
      if (!def.schema) continue; // dashboards and reports are not entities
      const holders = [def, ...Object.values(def.children ?? {})];
      for (const holder of holders)
        for (const [name, schema] of Object.entries(holder.schema.properties)) {
          const kind = kindOf(holder, name);
          seen.add(kind);
          expect([file, name, kindMismatch(kind, schema, holder.fields[name])]).toEqual([file, name, '']);
        }
    }
    // the shapes of today's definitions, read as kinds
    for (const kind of [
      'text',
      'longText',
      'integer',
      'decimal',
      'money',
      'boolean',
      'enum',
      'lookup',
      'date',
      'dateTime',
      'nationalCode',
      'sheba',
      'mobile',
      'attachments',
    ] as const)
      expect([kind, seen.has(kind)]).toEqual([kind, true]);
  });

  it('reads type, format, money, lookup and the widget as before', () => {
    const def = JSON.parse(readFileSync(join(ROOT, 'sales/customer.json'), 'utf8')) as EntityDefinition;
    expect(kindOf(def, 'creditLimit')).toBe('money');
    expect(kindOf(def, 'registeredOn')).toBe('date');
    expect(kindOf(def, 'active')).toBe('boolean');
    expect(kindOf(def, 'customerType')).toBe('enum');
    expect(kindOf(def, 'mobile')).toBe('mobile');
    expect(kindOf(def, 'documents')).toBe('attachments');
    expect(kindOf(def, 'createdAt')).toBe('dateTime');
    expect(kindOf(def, 'id')).toBe('integer');
    expect(kindOf(def, 'constructor')).toBe('text'); // not a field; no prototype lookups
    expect(deriveKind({ type: 'string' }, undefined, 'textarea')).toBe('longText');
    expect(deriveKind({ type: 'number' })).toBe('decimal');
    expect(
      deriveKind({ type: 'integer' }, { label: { fa: 'x' }, lookup: { entity: 'a.b', displayField: 'n' } }),
    ).toBe('lookup');
    // a stated kind wins over what the shape would say
    expect(deriveKind({ type: 'number' }, { label: { fa: 'x' }, kind: 'percent' })).toBe('percent');
  });

  it('refuses a stated kind the schema does not fit', () => {
    const meta = { label: { fa: 'x' } };
    expect(kindMismatch('date', { type: 'string' }, meta)).toMatch(/format/);
    expect(kindMismatch('money', { type: 'string' }, meta)).toMatch(/type/);
    expect(kindMismatch('enum', { type: 'string' }, meta)).toMatch(/enum/);
    expect(kindMismatch('multiEnum', { type: 'string' }, meta)).toMatch(/options/);
    expect(kindMismatch('lookup', { type: 'integer' }, meta)).toMatch(/target/);
    expect(kindMismatch('integer', { type: 'integer' }, { ...meta, precision: 2 })).toMatch(/precision/);
    expect(kindMismatch('decimal', { type: 'number' }, { ...meta, precision: 9 })).toMatch(/precision/);
    expect(kindMismatch('decimal', { type: 'number' }, { ...meta, precision: 2 })).toBe('');
  });
});

describe('displayValue', () => {
  const labels = { enumLabels: { red: { fa: 'قرمز', en: 'Red' }, blue: { fa: 'آبی', en: 'Blue' } } };

  it('shows every kind in Persian and English', () => {
    const cases: [FieldKind, unknown, object, string, string][] = [
      ['text', 'A-12', {}, 'A-۱۲', 'A-12'],
      ['longText', 'line 1', {}, 'line ۱', 'line 1'],
      ['integer', 1234567, {}, '۱۲۳۴۵۶۷', '1234567'],
      ['decimal', 2.5, {}, '۲.۵', '2.5'],
      ['decimal', 2.5, { precision: 2 }, '۲.۵۰', '2.50'],
      ['decimal', 0.145, { precision: 2 }, '۰.۱۵', '0.15'],
      ['money', 250000000, {}, '۲۵۰٬۰۰۰٬۰۰۰', '250,000,000'],
      ['money', 1e15, {}, '۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰', '1,000,000,000,000,000'],
      ['percent', 9, {}, '۹٪', '9%'],
      ['percent', 12.5, { precision: 1 }, '۱۲.۵٪', '12.5%'],
      ['boolean', true, {}, 'بله', 'Yes'],
      ['boolean', false, {}, 'خیر', 'No'],
      ['enum', 'red', labels, 'قرمز', 'Red'],
      ['enum', 'green', labels, 'green', 'green'],
      ['enum', 3, {}, '۳', '3'],
      ['multiEnum', 'red,blue', labels, 'قرمز، آبی', 'Red, Blue'],
      ['lookup', 12, {}, '۱۲', '12'],
      ['date', '2026-11-22', {}, '۱۴۰۵/۰۹/۰۱', '1405/09/01'],
      ['time', '09:30', {}, '۰۹:۳۰', '09:30'],
      ['time', '09:30:00', {}, '۰۹:۳۰', '09:30'],
      ['nationalCode', '0012345679', {}, '۰۰۱۲۳۴۵۶۷۹', '0012345679'],
      ['sheba', 'IR820540102680020817909002', {}, 'IR۸۲۰۵۴۰۱۰۲۶۸۰۰۲۰۸۱۷۹۰۹۰۰۲', 'IR820540102680020817909002'],
      ['mobile', '09121234567', {}, '۰۹۱۲۱۲۳۴۵۶۷', '09121234567'],
      ['email', 'ali2@example.com', {}, 'ali2@example.com', 'ali2@example.com'],
      ['attachments', '12,15', {}, '۲ فایل', '2 files'],
      ['image', '7', {}, '۱ فایل', '1 file'],
    ];
    for (const [kind, value, field, fa, en] of cases) {
      expect([kind, value, displayValue(kind, value, 'fa', field)]).toEqual([kind, value, fa]);
      expect([kind, value, displayValue(kind, value, 'en', field)]).toEqual([kind, value, en]);
    }
  });

  it('shows nothing for empty values of any kind', () => {
    for (const kind of FIELD_KINDS)
      for (const empty of [null, undefined, '']) expect(displayValue(kind, empty, 'fa')).toBe('');
  });

  it('shows a date-time as Jalali date and HH:MM of the time zone asked (local by default)', () => {
    expect(displayValue('dateTime', '2026-11-22T06:50:00.000Z', 'fa', {}, { timeZone: 'Asia/Tehran' })).toBe(
      '۱۴۰۵/۰۹/۰۱ ۱۰:۲۰',
    );
    expect(displayValue('dateTime', '2026-11-22T22:00:00Z', 'en', {}, { timeZone: 'Asia/Tehran' })).toBe(
      '1405/09/02 01:30',
    );
    expect(displayValue('dateTime', '2026-11-22T22:00:00Z', 'en', {}, { timeZone: 'UTC' })).toBe(
      '1405/09/01 22:00',
    );
    const local = new Date('2026-11-22T06:50:00Z');
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(displayValue('dateTime', '2026-11-22T06:50:00Z', 'en')).toMatch(new RegExp(` ${hhmm}$`));
    expect(displayValue('dateTime', 'not a date', 'en')).toBe('not a date');
  });

  it('keeps Western digits when asked (export texts) and shows a lookup by its text', () => {
    expect(displayValue('date', '2026-11-22', 'fa', {}, { digits: 'western' })).toBe('1405/09/01');
    expect(displayValue('boolean', true, 'fa', {}, { digits: 'western' })).toBe('بله');
    expect(displayValue('lookup', 12, 'fa', {}, { lookupText: 'مشتری ۱' })).toBe('مشتری ۱');
    expect(displayValue('lookup', 12, 'fa', {}, { lookupText: 'C-1' })).toBe('C-۱');
  });

  it("shows a value's label with the language's digits (labels reach the browser with Western ones)", () => {
    // a report grouped by the VAT field: its value «tax» shows the field's label (labelsFrom)
    const field = { enumLabels: { tax: { fa: 'مالیات 10٪', en: 'VAT 10%' } } };
    expect(displayValue('text', 'tax', 'fa', field)).toBe('مالیات ۱۰٪');
    expect(displayValue('enum', 'tax', 'fa', field)).toBe('مالیات ۱۰٪');
    expect(displayValue('text', 'tax', 'en', field)).toBe('VAT 10%');
    expect(displayValue('text', 'tax', 'fa', field, { digits: 'western' })).toBe('مالیات 10٪');
  });
});

describe('parseValue', () => {
  it('turns typed text into the stored value of each kind', () => {
    expect(parseValue('integer', '۱٬۲۳۴')).toBe(1234);
    expect(parseValue('money', '1,250,000')).toBe(1250000);
    expect(parseValue('decimal', '۲٫۵')).toBe(2.5);
    expect(parseValue('decimal', '0.145', { precision: 2 })).toBe(0.15);
    expect(parseValue('percent', '۹٪')).toBe(9);
    expect(parseValue('boolean', 'بله')).toBe(true);
    expect(parseValue('boolean', 'false')).toBe(false);
    expect(parseValue('enum', '3', { enum: [1, 2, 3] })).toBe(3);
    expect(parseValue('enum', 'red', { enum: ['red'] })).toBe('red');
    expect(parseValue('multiEnum', ['a', 'b', 'a'])).toBe('a,b');
    expect(parseValue('multiEnum', ' a , b ')).toBe('a,b');
    expect(parseValue('date', '۱۴۰۵/۰۹/۰۱')).toBe('2026-11-22');
    expect(parseValue('date', '2026-11-22')).toBe('2026-11-22');
    expect(parseValue('time', '۹:۳۰')).toBe('09:30');
    expect(parseValue('time', '25:00')).toBe('25:00'); // not a time: left for validation to name
    expect(parseValue('dateTime', '1405/09/01 10:20')).toBe(new Date(2026, 10, 22, 10, 20).toISOString());
    expect(parseValue('dateTime', '2026-11-22T06:50:00.000Z')).toBe('2026-11-22T06:50:00.000Z');
    expect(parseValue('nationalCode', '۰۰۱-۲۳۴۵۶۷۹')).toBe('0012345679');
    expect(parseValue('sheba', 'ir82 0540 1026 8002 0817 9090 02')).toBe('IR820540102680020817909002');
    expect(parseValue('attachments', [12, 15])).toBe('12,15');
    expect(parseValue('text', 'abc')).toBe('abc');
    expect(parseValue('integer', 'abc')).toBe('abc');
    for (const kind of FIELD_KINDS) expect([kind, parseValue(kind, '')]).toEqual([kind, undefined]);
  });

  it('round-trips: what is displayed parses back to the stored value', () => {
    const cases: [FieldKind, unknown, object][] = [
      ['integer', 1234567, {}],
      ['money', 250000000, {}],
      ['decimal', 2.5, { precision: 2 }],
      ['percent', 9, {}],
      ['boolean', true, {}],
      ['date', '2026-11-22', {}],
      ['time', '09:30', {}],
      ['mobile', '09121234567', {}],
      ['multiEnum', 'a,b', { enumLabels: { a: { fa: 'الف' }, b: { fa: 'ب' } } }],
      ['enum', 'b', { enum: ['a', 'b'], enumLabels: { b: { fa: 'ب' } } }],
      ['enum', 3, { enum: [1, 3], enumLabels: { 3: { fa: 'خرداد' } } }],
    ];
    for (const [kind, value, field] of cases)
      expect([kind, parseValue(kind, displayValue(kind, value, 'fa', field), field)]).toEqual([kind, value]);
  });
});

describe('fields of a definition', () => {
  const def = JSON.parse(readFileSync(join(ROOT, 'sales/customer.json'), 'utf8')) as EntityDefinition;

  it('labels a field in the language, fa when missing, else its name', () => {
    expect(fieldLabel(def, 'code', 'fa')).toBe('کد مشتری');
    expect(fieldLabel(def, 'code', 'en')).toBe('Customer code');
    expect(fieldLabel({ fields: { x: { label: { fa: 'ایکس' } } } }, 'x', 'en')).toBe('ایکس');
    expect(fieldLabel(def, 'nope', 'fa')).toBe('nope');
    expect(fieldLabel(def, 'constructor', 'fa')).toBe('constructor');
  });

  it('shows and parses through the field kind', () => {
    expect(fieldText(def, 'creditLimit', 1500, 'en')).toBe('1,500');
    expect(fieldText(def, 'customerType', 'company', 'fa')).toBe('حقوقی');
    expect(fieldParse(def, 'registeredOn', '1405/09/01')).toBe('2026-11-22');
    expect(kindField(def.schema.properties.customerType, def.fields.customerType).enum).toEqual([
      'person',
      'company',
    ]);
  });
});

describe('schemas of the new kinds validate as the kind says', () => {
  const ajv = createAjv();

  it('time: HH:MM or HH:MM:SS', () => {
    const validate = ajv.compile(KINDS.time.schema({}));
    expect(['09:30', '23:59:59', '00:00'].map((v) => validate(v))).toEqual([true, true, true]);
    expect(['24:00', '9:30', '09:60', '09:30Z'].map((v) => validate(v))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('multiEnum: a comma list of values by its pattern, of its options by unknownOptions', () => {
    const schema = KINDS.multiEnum.schema({});
    expect(unsafePattern(schema.pattern!)).toBeNull(); // the designer may publish it
    const validate = ajv.compile(schema);
    expect(['red', 'red,blue', 'a.b'].map((v) => validate(v))).toEqual([true, true, true]);
    expect(['', 'red,', ',red', 'red,,blue'].map((v) => validate(v))).toEqual([false, false, false, false]);
    const field = { enumLabels: { red: { fa: 'قرمز' }, blue: { fa: 'آبی' } } };
    expect(unknownOptions('red,blue', field)).toEqual([]);
    expect(unknownOptions('red,green,x', field)).toEqual(['green', 'x']);
  });
});
