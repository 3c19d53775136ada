/**
 * RJSF's getDefaultFormState, answered per changed field for a flat form.
 *
 * On every change RJSF's Form derives its state again, and the largest part of that is
 * getDefaultFormState over the whole schema (on every keystroke, growing with the fields): every
 * property's schema is resolved, checked for being a select, and merged with its value. For a flat
 * object schema (scalar properties only, nothing resolved against the data: see isPlainSchema) each
 * property's result depends only on its own schema, whether it is required, and its own value. So
 * when the same schema comes again with values that differ in a few fields, the earlier result is
 * kept and only those fields are derived again, by RJSF's own function over a one-property schema.
 * Anything else (another schema, nested values, many changes) goes to RJSF's function whole.
 */
import type { FormContextType, RJSFSchema, SchemaUtilsType, StrictRJSFSchema } from '@rjsf/utils';
import { isPlainSchema } from './plainSchema';

type Values = Record<string, unknown>;

/** Most fields one change derives again before the whole form is derived instead. */
const MOST_CHANGED = 8;

const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);

const flat = new WeakMap<object, boolean>();

/** True for an object schema whose properties are all scalar and nothing is resolved against data. */
export function isFlatSchema(schema: RJSFSchema): boolean {
  let known = flat.get(schema);
  if (known === undefined) {
    const properties = schema.properties;
    known =
      schema.type === 'object' &&
      properties !== undefined &&
      isPlainSchema(schema) &&
      Object.values(properties).every((p) => {
        if (typeof p !== 'object' || p === null) return false;
        const types = Array.isArray(p.type) ? p.type : [p.type];
        return types.length > 0 && types.every((t) => typeof t === 'string' && SCALAR.has(t));
      });
    flat.set(schema, known);
  }
  return known;
}

function isValues(x: unknown): x is Values {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** True when every value is a scalar (a value changed in place could not be seen). */
function scalarValues(values: Values): boolean {
  for (const k in values) {
    const v = values[k];
    if (typeof v === 'object' && v !== null) return false;
  }
  return true;
}

interface Last {
  schema: RJSFSchema;
  includeUndefined: boolean;
  initial: boolean | undefined;
  /** Copies, so a later change to the objects RJSF holds cannot reach them. */
  input: Values;
  output: Values;
}

const patched = new WeakSet<object>();

/** Makes `utils.getDefaultFormState` answer flat forms per changed field (once per instance). */
export function withFlatDefaults<T, S extends StrictRJSFSchema, F extends FormContextType>(
  utils: SchemaUtilsType<T, S, F>,
): void {
  if (patched.has(utils)) return;
  patched.add(utils);
  const whole = utils.getDefaultFormState.bind(utils);
  const oneField = new Map<string, S>();
  let last: Last | null = null;

  const derive = (
    schema: S,
    formData: T | undefined,
    includeUndefinedValues: boolean | 'excludeObjectChildren' = false,
    initialDefaultsGenerated?: boolean,
  ): T | T[] | undefined => {
    const root = schema as RJSFSchema;
    if (
      typeof includeUndefinedValues !== 'boolean' ||
      !isValues(formData) ||
      !isFlatSchema(root) ||
      !scalarValues(formData)
    )
      return whole(schema, formData, includeUndefinedValues, initialDefaultsGenerated);
    const values: Values = formData;
    const previous = last;
    let output: Values | null = null;
    if (
      previous &&
      previous.schema === root &&
      previous.includeUndefined === includeUndefinedValues &&
      previous.initial === initialDefaultsGenerated
    ) {
      const changed: string[] = [];
      for (const k in values)
        if (!(k in previous.input) || !Object.is(values[k], previous.input[k])) changed.push(k);
      for (const k in previous.input) if (!(k in values)) changed.push(k);
      if (changed.length <= MOST_CHANGED) {
        output = { ...previous.output };
        const properties = root.properties ?? {};
        for (const k of changed) {
          if (!(k in values)) {
            // a field left out of the values: derived with the others' values, as RJSF would
            output = null;
            break;
          }
          if (!(k in properties)) {
            output[k] = values[k]; // a value the schema does not know is kept as it is
            continue;
          }
          let sub = oneField.get(k);
          if (!sub) {
            sub = {
              type: 'object',
              properties: { [k]: properties[k] },
              ...(root.required?.includes(k) ? { required: [k] } : {}),
            } as S;
            oneField.set(k, sub);
          }
          const one = whole(sub, { [k]: values[k] } as T, includeUndefinedValues, initialDefaultsGenerated);
          if (isValues(one) && k in one) output[k] = one[k];
          else delete output[k];
        }
      }
    }
    if (!output) {
      if (previous?.schema !== root) oneField.clear(); // the one-field schemas are of the last schema
      const result = whole(schema, formData, includeUndefinedValues, initialDefaultsGenerated);
      if (!isValues(result)) return result;
      output = result as Values;
    }
    last = {
      schema: root,
      includeUndefined: includeUndefinedValues,
      initial: initialDefaultsGenerated,
      input: { ...values },
      output: { ...output },
    };
    return output as T;
  };
  utils.getDefaultFormState = derive;
}
