/**
 * Choices a text field takes from a list the application itself keeps (`fields.{name}.choicesFrom`
 * in a definition), so the list is written once: e.g. the lock dates' module
 * (schemas/systemConfig/lockDate.json) offers every module of runtime/shared/modules.ts, by its
 * Persian and English title. Expanded where definitions load (server/definitions/registry.ts): the
 * field's schema gets the values as its `enum` (the server validates them, the form shows a
 * select) and its metadata their `enumLabels` (labels the definition gives itself win). A new
 * source is one more entry of CHOICE_SOURCES (and of the definition schema's `choicesFrom` enum).
 */
import type { EntityDefinition, FieldSchema, LocalText } from './definition';
import { MODULES, MODULE_TITLES } from './modules';

export interface ChoiceSource {
  readonly values: readonly string[];
  readonly labels: Readonly<Record<string, LocalText>>;
}

export const CHOICE_SOURCES: Readonly<Record<string, ChoiceSource>> = {
  /** The module areas (menu groups), in menu order. */
  modules: { values: MODULES, labels: MODULE_TITLES },
};

/**
 * The definition with each `choicesFrom` text field's enum and labels filled in from its source.
 * Idempotent; a definition without such a field is returned as it is (a field of another type, or
 * an unknown source, is left alone: the definition schema refuses unknown sources).
 */
export function expandChoices(def: EntityDefinition): EntityDefinition {
  const fields = Object.entries(def.fields).filter(([name, meta]) => {
    const source = meta.choicesFrom;
    return (
      source !== undefined &&
      Object.hasOwn(CHOICE_SOURCES, source) &&
      def.schema.properties[name]?.type === 'string'
    );
  });
  if (fields.length === 0) return def;
  const properties = { ...def.schema.properties };
  const metas = { ...def.fields };
  for (const [name, meta] of fields) {
    const source = CHOICE_SOURCES[meta.choicesFrom as string] as ChoiceSource;
    properties[name] = { ...(properties[name] as FieldSchema), enum: [...source.values] };
    metas[name] = { ...meta, enumLabels: { ...source.labels, ...meta.enumLabels } };
  }
  return { ...def, schema: { ...def.schema, properties }, fields: metas };
}
