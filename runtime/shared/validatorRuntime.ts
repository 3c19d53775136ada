/**
 * What a standalone validator module (ajv standalone code, generated on the server per schema)
 * needs from its host: the format functions and ajv's small run-time helpers. The generated code
 * reaches them through `require(id)` calls (ajv emits those even in ESM mode), so the served module
 * is a factory `default (require) => validate` and both sides pass `validatorRequire` from their
 * own bundle: no code is generated in the browser and the formats are these very functions.
 */
import type { ErrorObject } from 'ajv';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import * as equalModule from 'ajv/dist/runtime/equal';
import { fullFormats } from 'ajv-formats/dist/formats';
import { CUSTOM_FORMAT_DEFINITIONS } from './formats';

/** Module id the generated code asks for the formats object (ajv `code.formats`). */
export const FORMATS_MODULE = 'erp:formats';

/** A CommonJS module seen through ESM interop: the function may sit under one or two `default`s. */
function defaultExport(mod: unknown): unknown {
  let value = mod;
  while (value && typeof value === 'object' && 'default' in value)
    value = (value as { default: unknown }).default;
  return value;
}

const MODULES: Record<string, unknown> = {
  [FORMATS_MODULE]: { ...fullFormats, ...CUSTOM_FORMAT_DEFINITIONS },
  'ajv/dist/runtime/ucs2length': { default: defaultExport(ucs2lengthModule) },
  'ajv/dist/runtime/equal': { default: defaultExport(equalModule) },
};

/** The `require` a generated validator module is given. */
export function validatorRequire(id: string): unknown {
  if (!(id in MODULES)) throw new Error(`validator module asks for unknown ${id}`);
  return MODULES[id];
}

/** A validate function as ajv compiles it (errors on the function after a call). */
export interface StandaloneValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The shape of a served validator module. */
export interface ValidatorModule {
  default: (require: (id: string) => unknown) => StandaloneValidate;
}
