/**
 * A form's record validator (loaded by ./validatorLoader) wrapped for RJSF with
 * createPrecompiledValidator. The form's schema may differ from the server's in `required`
 * (conditional states, runtime/shared/rules.ts); the wrapper makes the required errors follow the
 * schema the form shows. Values are validated as the server receives them (digits and letters
 * normalised).
 */
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import type { EntityValues } from '../../runtime/entity/types';
import { normalizeDeep } from '../../runtime/shared/normalize';
import type { StandaloneValidate } from '../../runtime/shared/validatorRuntime';

export {
  loadedValidators,
  loadValidators,
  type FormValidators,
  type ModuleImporter,
} from './validatorLoader';

function requiredError(field: string): ErrorObject {
  return {
    keyword: 'required',
    instancePath: '',
    schemaPath: '#/required',
    params: { missingProperty: field },
    message: `must have required property '${field}'`,
  };
}

/** The record validator with the required list of `schema` (normalised values). */
function requiredFollowing(record: StandaloneValidate, schema: RJSFSchema): StandaloneValidate {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fn: StandaloneValidate = (data: unknown) => {
    const values = normalizeDeep((data ?? {}) as EntityValues);
    record(values);
    const errors = (record.errors ?? []).filter(
      (e) =>
        e.keyword !== 'required' ||
        required.has(String((e.params as { missingProperty: string }).missingProperty)),
    );
    const reported = new Set(
      errors.filter((e) => e.keyword === 'required').map((e) => String(e.params.missingProperty)),
    );
    for (const f of required) if (!reported.has(f) && values[f] === undefined) errors.push(requiredError(f));
    fn.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  return fn;
}

const forSchema = new WeakMap<StandaloneValidate, WeakMap<object, ValidatorType<EntityValues>>>();

/** The RJSF validator of `schema` (the form's schema at this moment) over the record validator. */
export function recordValidator(record: StandaloneValidate, schema: RJSFSchema): ValidatorType<EntityValues> {
  let bySchema = forSchema.get(record);
  if (!bySchema) forSchema.set(record, (bySchema = new WeakMap()));
  let v = bySchema.get(schema);
  if (!v) {
    const key = (schema.$id as string | undefined) ?? hashForSchema(schema);
    v = createPrecompiledValidator<EntityValues>({ [key]: requiredFollowing(record, schema) }, schema);
    bySchema.set(schema, v);
  }
  return v;
}
