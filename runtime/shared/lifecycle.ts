/**
 * The document lifecycle (draft → final → cancelled, amend), declared by a definition's `lifecycle`
 * key. One expansion (expandLifecycle) adds the fields every such document has, wherever a
 * definition loads (server/definitions/registry.ts, so the shipped files, the published ones and
 * GetDefinition all carry them): `docState`, `cancelReason` and `amendedFrom`, in the schema, the
 * field metadata, the grid's columns and the form's order. The server's lifecycle step
 * (server/entities/write/steps/lifecycle.ts) enforces what each state allows.
 */
import type { EntityDefinition, EnumColor, FieldMeta, FieldSchema, LocalText } from './definition';
import { workflowStates } from './workflow';

export const DOC_STATE_FIELD = 'docState';
export const CANCEL_REASON_FIELD = 'cancelReason';
export const AMENDED_FROM_FIELD = 'amendedFrom';

export type DocState = 'draft' | 'final' | 'cancelled';
export const DOC_STATES: readonly DocState[] = ['draft', 'final', 'cancelled'];

/** The fields the expansion adds, in the order the form shows them. */
export const LIFECYCLE_FIELDS: readonly string[] = [DOC_STATE_FIELD, CANCEL_REASON_FIELD, AMENDED_FROM_FIELD];

/** A lifecycle transition of an Update (server write request `transition`). */
export type LifecycleTransition = 'finalise' | 'cancel';

/** Bounds of a cancellation's reason (characters). */
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 400;

export const DOC_STATE_LABELS: Record<DocState, LocalText> = {
  draft: { fa: 'پیش‌نویس', en: 'Draft' },
  final: { fa: 'قطعی', en: 'Final' },
  cancelled: { fa: 'باطل‌شده', en: 'Cancelled' },
};

export const DOC_STATE_COLORS: Record<DocState, EnumColor> = {
  draft: 'informative',
  final: 'success',
  cancelled: 'danger',
};

/** True when the definition declares a lifecycle. */
export function hasLifecycle(def: Pick<EntityDefinition, 'lifecycle'>): boolean {
  return def.lifecycle !== undefined;
}

/** The state of a stored row (a row stored before the entity had a lifecycle is a draft). */
export function docStateOf(row: Record<string, unknown> | null | undefined): DocState {
  const v = row?.[DOC_STATE_FIELD];
  return DOC_STATES.includes(v as DocState) ? (v as DocState) : 'draft';
}

function addedSchema(): Record<string, FieldSchema> {
  return {
    [DOC_STATE_FIELD]: { type: 'string', enum: [...DOC_STATES], default: 'draft', readOnly: true },
    [CANCEL_REASON_FIELD]: { type: 'string', maxLength: CANCEL_REASON_MAX, readOnly: true },
    [AMENDED_FROM_FIELD]: { type: 'integer', minimum: 1, readOnly: true },
  };
}

function addedFields(def: EntityDefinition): Record<string, FieldMeta> {
  return {
    [DOC_STATE_FIELD]: {
      label: { fa: 'وضعیت سند', en: 'Document state' },
      enumLabels: { ...DOC_STATE_LABELS },
      enumColors: { ...DOC_STATE_COLORS },
      sortable: true,
      filterable: true,
    },
    [CANCEL_REASON_FIELD]: {
      label: { fa: 'دلیل ابطال', en: 'Reason for cancelling' },
      hiddenInGrid: true,
    },
    [AMENDED_FROM_FIELD]: {
      label: { fa: 'اصلاحیهٔ سند', en: 'Amends document' },
      lookup: { entity: `${def.module}.${def.name}`, displayField: def.displayField },
      hiddenInGrid: true,
    },
  };
}

/**
 * The definition with the lifecycle's fields added (the definition itself when it has no
 * lifecycle). Idempotent: fields already present (a definition published from an expanded one) are
 * replaced by the expansion's, so an analyst cannot change what the server relies on.
 */
export function expandLifecycle(def: EntityDefinition): EntityDefinition {
  if (!hasLifecycle(def)) return def;
  const schema = addedSchema();
  const fields = addedFields(def);
  const columns = def.list.columns.includes(DOC_STATE_FIELD)
    ? def.list.columns
    : [...def.list.columns, DOC_STATE_FIELD];
  let uiSchema = def.uiSchema;
  const order = uiSchema?.['ui:order'];
  if (Array.isArray(order)) {
    const kept = (order as string[]).filter((n) => !LIFECYCLE_FIELDS.includes(n));
    const star = kept.indexOf('*');
    const next =
      star < 0
        ? [...kept, ...LIFECYCLE_FIELDS]
        : [...kept.slice(0, star), ...LIFECYCLE_FIELDS, ...kept.slice(star)];
    uiSchema = { ...uiSchema, 'ui:order': next };
  }
  return {
    ...def,
    schema: { ...def.schema, properties: { ...def.schema.properties, ...schema } },
    fields: { ...def.fields, ...fields },
    list: { ...def.list, columns },
    ...(uiSchema ? { uiSchema } : {}),
  };
}

/**
 * Problems of a definition's `lifecycle` (JSON path: message, English): its `editableWhenFinal`
 * must name fields of the document, its `finaliseFrom` states of its workflow.
 */
export function lifecycleProblems(def: EntityDefinition): string[] {
  const lc = def.lifecycle;
  if (!lc) return [];
  const out: string[] = [];
  const props = def.schema.properties;
  (lc.editableWhenFinal ?? []).forEach((f, i) => {
    if (!Object.hasOwn(props, f) || LIFECYCLE_FIELDS.includes(f))
      out.push(`/lifecycle/editableWhenFinal/${i}: unknown field '${f}'`);
  });
  if (lc.finaliseFrom) {
    const wf = def.workflow;
    if (!wf) out.push(`/lifecycle/finaliseFrom: the definition has no workflow`);
    else {
      const states = workflowStates(wf);
      lc.finaliseFrom.forEach((s, i) => {
        if (!states.has(s)) out.push(`/lifecycle/finaliseFrom/${i}: unknown workflow state '${s}'`);
      });
    }
  }
  for (const name of LIFECYCLE_FIELDS)
    if (Object.hasOwn(props, name) && props[name]?.readOnly !== true)
      out.push(`/schema/properties/${name}: reserved for the lifecycle`);
  return out;
}
