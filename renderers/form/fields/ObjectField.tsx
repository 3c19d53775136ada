/**
 * RJSF's ObjectField with a stable uiSchema. RJSF's SchemaField hands its field a fresh copy of the
 * uiSchema on every render (it strips the class names and styles it consumed), and ObjectField's
 * key-rename callback depends on that object, so every property of an object got a new callback on
 * every change and re-rendered, then ran RJSF's deep comparison of its SchemaField: 300 of them per
 * keystroke in a 300-field form. The copy is kept while its entries are the same objects, so the
 * properties whose own props did not change are skipped by React.memo.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { Field, FieldProps, UiSchema } from '@rjsf/utils';
import { useState } from 'react';

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

export function ObjectField(props: FieldProps) {
  const uiSchema = useShallowStable<UiSchema | undefined>(props.uiSchema);
  return <RjsfObjectField {...props} uiSchema={uiSchema} />;
}
