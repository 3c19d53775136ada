/** Builds the RJSF schema and uiSchema of an entity form from its definition. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  SYSTEM_FIELDS,
  localText,
  type EntityDefinition,
  type FieldSchema,
  type Lang,
  type LocalText,
} from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKinds/derive';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import type { FieldKind } from '../../runtime/shared/fieldKinds/kinds';
import { kindField, type KindField } from '../../runtime/shared/fieldKinds/field';
import { multiEnumOptions } from '../../runtime/shared/fieldKinds/multiEnum';
import { resolveLayout } from '../../runtime/shared/layout';

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

/**
 * A value's label as shown: its figures in the language's digits, like a field's label (the
 * definition reached the browser through the pipeline, which makes every digit Western).
 */
function valueLabel(label: LocalText | undefined, lang: Lang): string {
  return localDigits(localText(label, lang), lang);
}

/** The form widget of a kind when the uiSchema names none, and the ui:options it needs. */
export interface KindWidget {
  widget: string;
  options?: (field: KindField, lang: Lang) => Record<string, unknown>;
}

const w = (widget: string): KindWidget => ({ widget });

/** The form widget of each kind (widgets/registry.ts holds them by name). */
export const FORM_WIDGETS: Record<FieldKind, KindWidget> = {
  // a text that names some of its values (enumLabels, labelsFrom): a read-only one shows the label
  text: {
    widget: 'text',
    options: (field, lang) =>
      field.enumLabels
        ? {
            labels: Object.fromEntries(
              Object.entries(field.enumLabels).map(([v, l]) => [v, valueLabel(l, lang)]),
            ),
          }
        : {},
  },
  longText: w('textarea'),
  integer: w('number'),
  decimal: w('number'),
  money: w('money'),
  percent: { widget: 'number', options: (_field, lang) => ({ suffix: lang === 'fa' ? '٪' : '%' }) },
  boolean: w('checkbox'),
  enum: w('select'),
  multiEnum: {
    widget: 'multiSelect',
    options: (field, lang) => ({
      choices: multiEnumOptions(field).map((value) => ({
        value,
        label: valueLabel(field.enumLabels?.[value], lang) || value,
      })),
    }),
  },
  lookup: w('lookup'),
  date: w('jalaliDate'),
  dateTime: w('dateTime'),
  time: w('time'),
  nationalCode: w('nationalCode'),
  companyId: w('companyId'),
  postalCode: w('text'),
  sheba: w('sheba'),
  mobile: w('text'),
  email: w('text'),
  attachments: w('attachments'),
  image: w('image'),
};

export function formFieldNames(definition: EntityDefinition): string[] {
  return Object.keys(definition.schema.properties).filter((name) => !SYSTEM.has(name));
}

/**
 * The form schema's `$id`: the key of its precompiled validator (precompiled.ts). Without one, RJSF
 * finds the validator by a hash of the whole schema (its sorted JSON), computed again for every
 * validator made for the form's schema.
 */
export const FORM_SCHEMA_ID = 'urn:erp:form';

export function buildFormSchema(definition: EntityDefinition, lang: Lang): RJSFSchema {
  const names = formFieldNames(definition);
  const properties: Record<string, RJSFSchema> = {};
  for (const name of names) {
    const field = definition.schema.properties[name] as FieldSchema;
    // the field's label, its figures in the language's digits («مالیات ۱۰٪» under fa)
    const title = fieldLabel(definition, name, lang);
    properties[name] = { ...field, title } as RJSFSchema;
  }
  return {
    $id: FORM_SCHEMA_ID,
    type: 'object',
    properties,
    required: (definition.schema.required ?? []).filter((n) => names.includes(n)),
    ...(definition.schema.additionalProperties === false ? { additionalProperties: false } : {}),
  };
}

export function buildUiSchema(definition: EntityDefinition, lang: Lang, readOnly = false): UiSchema {
  const source = definition.uiSchema ?? {};
  const ui: UiSchema = { ...source };
  const names = formFieldNames(definition);
  const order = Array.isArray(source['ui:order']) ? (source['ui:order'] as string[]) : null;
  ui['ui:order'] = order ? [...order.filter((n) => names.includes(n)), '*'] : names;
  // the definition's tabs and sections (runtime/shared/layout.ts), drawn by templates/LayoutTemplate.tsx
  const ordered = order
    ? [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))]
    : names;
  const layout = resolveLayout(definition, ordered, lang);
  if (layout) ui['ui:layout'] = layout;
  for (const name of names) {
    const field = definition.schema.properties[name] as FieldSchema;
    const meta = definition.fields[name];
    const own = (source[name] ?? {}) as Record<string, unknown>;
    const entry: Record<string, unknown> = { ...own };
    const kind = FORM_WIDGETS[kindOf(definition, name)];
    if (typeof entry['ui:widget'] !== 'string') {
      entry['ui:widget'] = kind.widget;
      if (kind.options) {
        const options = (entry['ui:options'] ?? {}) as Record<string, unknown>;
        entry['ui:options'] = { ...kind.options(kindField(field, meta), lang), ...options };
      }
    }
    if (definition.workflow?.field === name) {
      // the state of an approval workflow: only the states reachable from the stored one
      if (typeof own['ui:widget'] !== 'string') entry['ui:widget'] = 'workflowState';
      const options = (entry['ui:options'] ?? {}) as Record<string, unknown>;
      entry['ui:options'] = { ...options, workflow: definition.workflow };
    }
    if (meta?.lookup) {
      const options = (entry['ui:options'] ?? {}) as Record<string, unknown>;
      entry['ui:options'] = { ...options, lookup: meta.lookup };
    }
    if (field.enum && meta?.enumLabels) {
      const labels = meta.enumLabels;
      entry['ui:enumNames'] = field.enum.map((v) => valueLabel(labels[String(v)], lang) || String(v));
    }
    if (readOnly || field.readOnly) entry['ui:readonly'] = true;
    ui[name] = entry;
  }
  return ui;
}
