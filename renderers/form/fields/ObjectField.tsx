/**
 * RJSF's ObjectField with a stable uiSchema. RJSF's SchemaField hands its field a fresh copy of the
 * uiSchema on every render (it strips the class names and styles it consumed), and ObjectField's
 * key-rename callback depends on that object, so every property of an object got a new callback on
 * every change and re-rendered, then ran RJSF's deep comparison of its SchemaField: 300 of them per
 * keystroke in a 300-field form. The copy is kept while its entries are the same objects, so the
 * properties whose own props did not change are skipped by React.memo.
 *
 * Its properties also get a registry whose retrieveSchema answers a schema without conditional
 * parts as it is, without walking it. RJSF's retrieveSchema of such a schema answers the schema
 * itself whatever the data (nothing in it depends on the data), but walks all its properties and
 * deep-compares the copy it made first: the 300-property object's walk, on every keystroke, was
 * about an eighth of the form's script. And the Form's getDefaultFormState of a flat form derives
 * only the fields a change touched (flatDefaults.ts).
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { Field, FieldProps, Registry, SchemaUtilsType, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { withFlatDefaults } from './flatDefaults';
import { isPlainSchema } from './plainSchema';

const RjsfObjectField = getDefaultRegistry().fields.ObjectField as Field;

/** True when both objects have the same keys holding the same values (Object.is). */
export function shallowSame(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let keys = 0;
  for (const k in ra) {
    if (!Object.is(ra[k], rb[k]) || !(k in rb)) return false;
    keys++;
  }
  for (const _ in rb) keys--;
  return keys === 0;
}

/** `value`, or the earlier value it is shallowly the same as (so its identity stays). */
function useShallowStable<T extends object | undefined>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept === value || shallowSame(kept, value)) return kept;
  // render-time state update: React renders this component again before committing
  setKept(() => value);
  return value;
}

const fast = new WeakMap<Registry, Registry>();

/** `registry` whose schemaUtils.retrieveSchema answers a plain schema itself (one per registry). */
export function plainSchemaRegistry(registry: Registry): Registry {
  let out = fast.get(registry);
  if (!out) {
    const utils = registry.schemaUtils;
    const schemaUtils = Object.create(utils) as SchemaUtilsType;
    schemaUtils.retrieveSchema = (schema, formData, resolveAnyOfOrOneOfRefs) =>
      schema !== null && typeof schema === 'object' && !Array.isArray(schema) && isPlainSchema(schema)
        ? schema
        : utils.retrieveSchema(schema, formData, resolveAnyOfOrOneOfRefs);
    out = { ...registry, schemaUtils };
    fast.set(registry, out);
    fast.set(out, out);
  }
  return out;
}

export function ObjectField(props: FieldProps) {
  // the form's own schemaUtils (the Form's state holds the same object): changes derive only the
  // fields they touch (flatDefaults.ts)
  withFlatDefaults(props.registry.schemaUtils);
  const uiSchema = useShallowStable<UiSchema | undefined>(props.uiSchema);
  return <RjsfObjectField {...props} uiSchema={uiSchema} registry={plainSchemaRegistry(props.registry)} />;
}
