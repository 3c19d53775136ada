/**
 * Floating detail accounts (تفصیلی شناور) of master rows, declared by a definition's
 * `detailAccount: { group }` (a customer, a vendor → persons; a bank account → banks…): the server
 * keeps one `accounting.detailAccount` row per such row (server/accounting/detailAccounts.ts) and
 * the row shows it as the read-only lookup field `detailAccount`, added here wherever a definition
 * loads (server/definitions/registry.ts), as the lifecycle's fields are.
 */
import type { EntityDefinition, FieldMeta, FieldSchema } from './definition';

export const DETAIL_ACCOUNT_FIELD = 'detailAccount';
export const DETAIL_ACCOUNT_ENTITY = 'accounting.detailAccount';
export const DETAIL_GROUP_ENTITY = 'accounting.detailGroup';
export const ACCOUNT_ENTITY = 'accounting.account';
export const VOUCHER_ENTITY = 'accounting.voucher';

const FIELD_SCHEMA: FieldSchema = { type: 'integer', minimum: 1, readOnly: true };

function fieldMeta(): FieldMeta {
  return {
    label: { fa: 'حساب تفصیلی', en: 'Detail account' },
    lookup: { entity: DETAIL_ACCOUNT_ENTITY, displayField: 'name', codeField: 'code' },
    hiddenInGrid: true,
    filterable: true,
  };
}

/**
 * The definition with its `detailAccount` field (the definition itself without the key).
 * Idempotent: a field of that name is replaced by the expansion's (the server keeps its value).
 */
export function expandDetailAccount(def: EntityDefinition): EntityDefinition {
  if (!def.detailAccount) return def;
  let uiSchema = def.uiSchema;
  const order = uiSchema?.['ui:order'];
  if (Array.isArray(order) && !order.includes(DETAIL_ACCOUNT_FIELD)) {
    const star = (order as string[]).indexOf('*');
    const next =
      star < 0
        ? [...(order as string[]), DETAIL_ACCOUNT_FIELD]
        : [...(order as string[]).slice(0, star), DETAIL_ACCOUNT_FIELD, ...(order as string[]).slice(star)];
    uiSchema = { ...uiSchema, 'ui:order': next };
  }
  return {
    ...def,
    schema: {
      ...def.schema,
      properties: { ...def.schema.properties, [DETAIL_ACCOUNT_FIELD]: { ...FIELD_SCHEMA } },
      ...(def.schema.required
        ? { required: def.schema.required.filter((r) => r !== DETAIL_ACCOUNT_FIELD) }
        : {}),
    },
    fields: { ...def.fields, [DETAIL_ACCOUNT_FIELD]: fieldMeta() },
    ...(uiSchema ? { uiSchema } : {}),
  };
}
