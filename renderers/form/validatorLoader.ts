/**
 * Loads a form's validators, precompiled on the server (ajv standalone modules, one per schema; see
 * runtime/shared/validatorRuntime.ts), by import() of the same-origin URLs the definition carries:
 * nothing is compiled in the browser, so a CSP without unsafe-eval holds. No RJSF here, so a screen
 * may fetch the validators ahead of the form (renderers/screen/lazyParts.ts).
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
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
