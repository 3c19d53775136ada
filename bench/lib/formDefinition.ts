/**
 * The 300-field definition of the form bench: our widgets mixed (text, Persian text, money, number,
 * Jalali date, enum, boolean, national code, Sheba, textarea) with live rules on (a computed money
 * total per group of ten fields, a visible and a required condition per group, cross-field rules),
 * and the plain RJSF schema of the same size (plain string fields) it is measured against.
 */
import type { EntityDefinition, FieldMeta, FieldSchema } from '../../runtime/shared/definition';
import type { Expr } from '../../runtime/shared/rules';

type Kind =
  'text' | 'persian' | 'money' | 'number' | 'date' | 'enum' | 'boolean' | 'national' | 'sheba' | 'note';
/** One group of ten fields; field i of the form is KINDS[i % 10] of group floor(i / 10). */
const KINDS: Kind[] = [
  'text',
  'money',
  'date',
  'enum',
  'boolean',
  'national',
  'money',
  'persian',
  'number',
  'sheba',
];

function field(kind: Kind): { schema: FieldSchema; meta: Partial<FieldMeta>; widget?: string } {
  switch (kind) {
    case 'text':
      return { schema: { type: 'string', maxLength: 100 }, meta: {} };
    case 'persian':
      return { schema: { type: 'string', maxLength: 100 }, meta: {}, widget: 'persianText' };
    case 'note':
      return { schema: { type: 'string', maxLength: 400 }, meta: {}, widget: 'textarea' };
    case 'money':
      return { schema: { type: 'integer', minimum: 0 }, meta: { money: true } };
    case 'number':
      return { schema: { type: 'number', minimum: 0 }, meta: {} };
    case 'date':
      return { schema: { type: 'string', format: 'date' }, meta: {} };
    case 'enum':
      return {
        schema: { type: 'string', enum: ['a', 'b', 'c'] },
        meta: { enumLabels: { a: { fa: 'نقد' }, b: { fa: 'چک' }, c: { fa: 'اعتباری' } } },
      };
    case 'boolean':
      return { schema: { type: 'boolean' }, meta: {} };
    case 'national':
      return { schema: { type: 'string', format: 'ir-national-code' }, meta: {} };
    case 'sheba':
      return { schema: { type: 'string', format: 'ir-sheba' }, meta: {} };
  }
}

export const FIELDS = 300;
/** The field the keystroke figures type into (a text field in the middle of the form). */
export const TYPED_FIELD = 'f150';

/** The 300-field definition; every tenth group's first money field is computed from the group. */
export function formDefinition(fields = FIELDS): EntityDefinition {
  const properties: Record<string, FieldSchema> = {};
  const meta: Record<string, FieldMeta> = {};
  const uiSchema: Record<string, unknown> = {};
  const computed: Record<string, Expr> = {};
  const conditions: Record<string, { visible?: Expr; required?: Expr }> = {};
  const rules: { id: string; assert: Expr; message: { fa: string }; fields: string[] }[] = [];
  for (let i = 0; i < fields; i++) {
    const name = `f${i}`;
    const kind = KINDS[i % KINDS.length] as Kind;
    const f = field(kind);
    properties[name] = f.schema;
    meta[name] = { label: { fa: `فیلد ${i}`, en: `Field ${i}` }, ...f.meta };
    if (f.widget) uiSchema[name] = { 'ui:widget': f.widget };
  }
  for (let g = 0; g * 10 + 9 < fields; g++) {
    const at = (k: number) => `f${g * 10 + k}`;
    // field 6 of the group (money) = field 1 (money) × 2 + field 8 (number), read-only
    computed[at(6)] = { round: [{ '+': [{ '*': [{ var: at(1) }, 2] }, { var: at(8) }] }] };
    properties[at(6)] = { ...(properties[at(6)] as FieldSchema), readOnly: true };
    // the Sheba field shows when the boolean is on; the national code is required when the enum is 'b'
    conditions[at(9)] = { visible: { '==': [{ var: at(4) }, true] } };
    conditions[at(5)] = { required: { '==': [{ var: at(3) }, 'b'] } };
    rules.push({
      id: `group${g}`,
      assert: { '<=': [{ var: at(8) }, 1_000_000_000] },
      message: { fa: `مقدار گروه ${g} بیش از حد است` },
      fields: [at(8)],
    });
  }
  return {
    name: 'benchForm',
    module: 'bench',
    title: { fa: 'فرم سیصد فیلدی', en: '300-field form' },
    displayField: 'f0',
    schema: { type: 'object', additionalProperties: false, required: ['f0'], properties },
    fields: meta,
    uiSchema,
    list: { columns: ['f0'] },
    rules: { computed, conditions, rules },
  };
}

/** The plain RJSF schema of the same number of fields (plain strings, RJSF's own theme). */
export function plainFormSchema(fields = FIELDS): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < fields; i++)
    properties[`f${i}`] = { type: 'string', title: `فیلد ${i}`, maxLength: 100 };
  return { type: 'object', required: ['f0'], properties };
}

/** The plain RJSF array of `items` five-field items (the lines bench's comparison). */
export function plainArraySchema(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        title: 'اقلام',
        items: {
          type: 'object',
          required: ['item', 'quantity', 'unitPrice'],
          properties: {
            item: { type: 'integer', title: 'کالا', minimum: 1 },
            description: { type: 'string', title: 'شرح', maxLength: 200 },
            quantity: { type: 'number', title: 'مقدار', minimum: 0.001 },
            unitPrice: { type: 'integer', title: 'فی', minimum: 0 },
            amount: { type: 'integer', title: 'مبلغ', minimum: 0 },
          },
        },
      },
    },
  };
}

/**
 * `n` invoice lines over the items 1..4: the bench server's small demo seed has four items, and a
 * line naming an item that does not exist is refused on save (417).
 */
export function lineValues(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    item: (i % 4) + 1,
    description: `سطر ${i + 1}`,
    quantity: (i % 7) + 1,
    unitPrice: 1000 * ((i % 11) + 1),
    amount: ((i % 7) + 1) * 1000 * ((i % 11) + 1),
  }));
}
