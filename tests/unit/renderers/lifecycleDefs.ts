/**
 * A definition with `lifecycle` as GetDefinition sends it (its docState, cancelReason and amendedFrom
 * fields added as issue #23's contract states), for the lifecycle's renderer tests: the shipped
 * customer with a lifecycle whose `city` stays editable when final.
 */
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import { customer } from './defs';

export function lifecycleDefinition(editableWhenFinal: string[] = ['city']): EntityDefinition {
  const def = structuredClone(customer);
  def.lifecycle = { editableWhenFinal };
  def.schema.properties.docState = {
    type: 'string',
    enum: ['draft', 'final', 'cancelled'],
    default: 'draft',
    readOnly: true,
  };
  def.schema.properties.cancelReason = { type: 'string', readOnly: true };
  def.schema.properties.amendedFrom = { type: 'integer', readOnly: true };
  def.fields.docState = {
    label: { fa: 'وضعیت سند', en: 'State' },
    enumLabels: {
      draft: { fa: 'پیش‌نویس', en: 'Draft' },
      final: { fa: 'قطعی', en: 'Final' },
      cancelled: { fa: 'باطل‌شده', en: 'Cancelled' },
    },
    enumColors: { draft: 'informative', final: 'success', cancelled: 'danger' },
    filterable: true,
  };
  def.fields.cancelReason = { label: { fa: 'دلیل ابطال', en: 'Reason' } };
  def.fields.amendedFrom = {
    label: { fa: 'اصلاحِ سند', en: 'Amends' },
    lookup: { entity: 'sales.customer', displayField: 'name' },
  };
  def.list.columns = [...def.list.columns, 'docState'];
  return def;
}

/** A stored row of the lifecycle definition in `state`. */
export function docRow(state: string, extra: Record<string, unknown> = {}): EntityRow {
  return {
    id: 7,
    version: 3,
    code: 'C7',
    name: 'شرکت نمونه',
    customerType: 'person',
    // a natural person's national code is required (schemas/sales/customer.json)
    nationalCode: '0499370899',
    city: 'تهران',
    docState: state,
    ...extra,
  };
}
