/**
 * Validators of a form, precompiled on the server (ajv standalone modules, one per schema; see
 * runtime/shared/validatorRuntime.ts). Loaded by import() of the same-origin URLs the definition
 * carries: nothing is compiled in the browser, so a CSP without unsafe-eval holds.
 *
 * The record validator is wrapped for RJSF with createPrecompiledValidator. The form's schema may
 * differ from the server's in `required` (conditional states, runtime/shared/rules.ts); the
 * wrapper makes the required errors follow the schema the form shows. Values are validated as the
 * server receives them (digits and letters normalised).
 */
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import type { EntityValues } from '../../runtime/entity/types';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { normalizeDeep } from '../../runtime/shared/normalize';
import {
  validatorRequire,
  type StandaloneValidate,
  type ValidatorModule,
} from '../../runtime/shared/validatorRuntime';

export interface FormValidators {
  record: StandaloneValidate;
  /** One per child table, by name. */
  children: Record<string, StandaloneValidate>;
}

/** How a module URL is imported (a test may read the module some other way). */
export type ModuleImporter = (url: string) => Promise<ValidatorModule>;

const importModule: ModuleImporter = (url) => import(/* @vite-ignore */ url) as Promise<ValidatorModule>;

const modules = new Map<string, Promise<StandaloneValidate>>();
const loaded = new Map<string, StandaloneValidate>();

function loadOne(url: string, importer: ModuleImporter): Promise<StandaloneValidate> {
  let hit = modules.get(url);
  if (!hit) {
    hit = importer(url).then((m) => {
      const validate = m.default(validatorRequire);
      loaded.set(url, validate);
      return validate;
    });
    modules.set(url, hit);
    hit.catch(() => modules.delete(url));
  }
  return hit;
}

/** The validators of a definition, when all of them are loaded already (else null). */
export function loadedValidators(definition: EntityDefinition): FormValidators | null {
  const urls = definition.validators;
  if (!urls) return null;
  const record = loaded.get(urls.record);
  if (!record) return null;
  const children: Record<string, StandaloneValidate> = {};
  for (const name of Object.keys(definition.children ?? {})) {
    const url = urls.children[name];
    const v = url ? loaded.get(url) : undefined;
    if (!v) return null;
    children[name] = v;
  }
  return { record, children };
}

/** Imports the definition's validator modules (each URL once). */
export async function loadValidators(
  definition: EntityDefinition,
  importer: ModuleImporter = importModule,
): Promise<FormValidators> {
  const urls = definition.validators;
  if (!urls) throw new Error(`definition ${definition.module}.${definition.name} carries no validators`);
  const names = Object.keys(definition.children ?? {});
  const [record, ...lines] = await Promise.all([
    loadOne(urls.record, importer),
    ...names.map((name) => {
      const url = urls.children[name];
      if (!url) throw new Error(`no validator for the lines of ${name}`);
      return loadOne(url, importer);
    }),
  ]);
  const children: Record<string, StandaloneValidate> = {};
  names.forEach((name, i) => (children[name] = lines[i]!));
  return { record: record!, children };
}

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
