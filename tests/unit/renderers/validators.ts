/**
 * Validators for renderer tests made the way the browser gets them: the server's standalone module
 * text (server/definitions/validators.ts) evaluated with runtime/shared/validatorRuntime.ts
 * validatorRequire. Tests may evaluate code; the browser imports the module instead.
 */
import type { FormValidators } from '../../../renderers/form/precompiled';
import type { EntityDataSchema, EntityDefinition } from '../../../runtime/shared/definition';
import { validatorRequire, type StandaloneValidate } from '../../../runtime/shared/validatorRuntime';
import { standaloneModule, validationSchema } from '../../../server/definitions/validators';

type Factory = (require: (id: string) => unknown) => StandaloneValidate;

export function precompiled(schema: EntityDataSchema): StandaloneValidate {
  const text = standaloneModule(validationSchema(schema));
  // test only: the module text run as a function body (the browser imports it instead)
  const factory = new Function(text.replace(/^export default /m, 'return ')) as () => Factory;
  return factory()(validatorRequire);
}

export function validatorsFor(definition: EntityDefinition): FormValidators {
  const children: Record<string, StandaloneValidate> = {};
  for (const [name, child] of Object.entries(definition.children ?? {}))
    children[name] = precompiled(child.schema);
  return { record: precompiled(definition.schema), children };
}
