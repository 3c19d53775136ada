/**
 * The fields the automations tab offers in each picker, by label (the key is what is stored):
 * what an event may watch, what a set field may write, what a new document's template may fill.
 * Pure functions, no UI; the same rules as the shared check (runtime/shared/automationCheck.ts).
 */
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { PlaceholderField } from './automationDraft';

type Choice = PlaceholderField;

const own = (def: EntityDefinition) => Object.keys(def.schema.properties);
const choice = (def: EntityDefinition, key: string, lang: Lang): Choice => ({
  key,
  label: fieldLabel(def, key, lang) || key,
});

/** Fields a `changed` event may watch (every field) or a `dateReached` one may count from (dates). */
export function eventFields(def: EntityDefinition, event: 'changed' | 'dateReached', lang: Lang): Choice[] {
  return own(def)
    .filter((f) => event === 'changed' || kindOf(def, f) === 'date')
    .map((f) => choice(def, f, lang));
}

/** Fields a set-field action may write: stored, not read-only, not the numbering's. */
export function writableFields(def: EntityDefinition, lang: Lang): Choice[] {
  return own(def)
    .filter((f) => !def.schema.properties[f]?.readOnly && f !== def.numbering?.field)
    .map((f) => choice(def, f, lang));
}

/** What a new document's template may fill: its writable fields, then its child tables. */
export function templateFields(target: EntityDefinition, lang: Lang): Choice[] {
  return [
    ...writableFields(target, lang),
    ...Object.entries(target.children ?? {}).map(([key, child]) => ({
      key,
      label: localText(child.label, lang) || key,
    })),
  ];
}

/** Every field of the document, for a notification's `{field}` placeholders. */
export function placeholderFields(def: EntityDefinition, lang: Lang): Choice[] {
  return own(def).map((f) => choice(def, f, lang));
}
