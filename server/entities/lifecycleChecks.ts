/**
 * What a document's lifecycle state allows (runtime/shared/lifecycle.ts), as checks the lifecycle
 * write step (write/steps/lifecycle.ts) and the Amend route (lifecycleRoutes.ts) call: each refuses
 * with a 417 whose Persian (or English) reason is written in the request's language.
 */
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  DOC_STATE_LABELS,
  LIFECYCLE_FIELDS,
  type DocState,
} from '../../runtime/shared/lifecycle';
import { HttpError, LocalisedInvalid } from '../http/errors';
import { fieldMessage, t } from '../i18n';
import type { Row } from './rows';

/** 417 BusinessRuleViolated with one reason, written in the answer's language. */
export function lifecycleRefusal(key: string, params: (lang: Lang) => Record<string, unknown> = () => ({})) {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `docLifecycle.${key}`, params(lang))],
  }));
}

/** The state's label («قطعی») for a message. */
export const stateText = (state: DocState) => (lang: Lang) => ({
  state: localText(DOC_STATE_LABELS[state], lang),
});

/** A field's label in `lang`, for a message. */
function fieldLabel(def: EntityDefinition, name: string, lang: Lang): string {
  return localText(def.fields[name]?.label, lang) || name;
}

/** A stored or sent value as compared for "changed": null, '' and absent alike; lists by content. */
function comparable(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The document's fields (not the lifecycle's own) whose value `values` changes against `before`. */
export function changedFields(def: EntityDefinition, before: Row, values: Row): string[] {
  return Object.keys(def.schema.properties).filter(
    (name) => !LIFECYCLE_FIELDS.includes(name) && comparable(before[name]) !== comparable(values[name]),
  );
}

/** The fields a final document still lets its editors change: `editableWhenFinal`, and attachments unless refused. */
export function editableWhenFinal(def: EntityDefinition): Set<string> {
  const lc = def.lifecycle ?? {};
  const out = new Set(lc.editableWhenFinal ?? []);
  if (lc.attachmentsWhenFinal !== false)
    for (const name of Object.keys(def.schema.properties))
      if (kindOf(def, name) === 'attachments') out.add(name);
  return out;
}

/**
 * Attachment fields a final document keeps (`attachmentsWhenFinal: false`): their change is refused
 * by the attachments step on the field itself (server/attachments/links.ts), not here.
 */
function keptAttachments(def: EntityDefinition, name: string): boolean {
  return def.lifecycle?.attachmentsWhenFinal === false && kindOf(def, name) === 'attachments';
}

/**
 * An Update of a final document: 417 unless it changes only fields editable when final (and no
 * line). Naming the first field it may not change, so the user knows what was refused.
 */
export function checkFinalEdit(def: EntityDefinition, changed: string[], linesChanged: boolean): void {
  const allowed = editableWhenFinal(def);
  const refused = changed.find((f) => !allowed.has(f) && !keptAttachments(def, f));
  if (!refused && !linesChanged) return;
  if (allowed.size === 0 || (!refused && linesChanged)) throw lifecycleRefusal('finalEdit');
  throw lifecycleRefusal('finalEditExcept', (lang) => ({
    field: refused ? fieldLabel(def, refused, lang) : '',
    fields: [...allowed].map((f) => `«${fieldLabel(def, f, lang)}»`).join('، '),
  }));
}

/** A cancellation's reason: a text of CANCEL_REASON_MIN to CANCEL_REASON_MAX characters, else 417 on `reason`. */
export function cancelReason(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length >= CANCEL_REASON_MIN && text.length <= CANCEL_REASON_MAX) return text;
  throw new LocalisedInvalid((lang) => [
    fieldMessage(lang, 'reason', 'docLifecycle.reasonRequired', {
      min: CANCEL_REASON_MIN,
      max: CANCEL_REASON_MAX,
    }),
  ]);
}

/** The label of a workflow state value, for a message. */
export function workflowStateText(def: EntityDefinition, state: string, lang: Lang): string {
  const field = def.workflow?.field;
  const label = field ? def.fields[field]?.enumLabels?.[state] : undefined;
  return label ? localText(label, lang) : state;
}
