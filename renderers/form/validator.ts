/**
 * The form's ajv validator: the same custom formats as the server (runtime/shared/formats).
 * Compiled in the browser for now (a later issue precompiles). Messages are translation keys from
 * runtime/shared/validation errorKey, so they read in the user's language.
 *
 * It validates the values as the server will receive them: the pipeline normalises digits and
 * letters on the way out, so «۹۹۰۱» in a code field with pattern ^[0-9]+$ is valid here too.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import { CUSTOM_FORMATS } from '../../runtime/shared/formats';
import { normalizeDeep } from '../../runtime/shared/normalize';
import { errorKey } from '../../runtime/shared/validation';

export const formValidator = customizeValidator({ customFormats: CUSTOM_FORMATS });

const validateAsSent = formValidator.validateFormData.bind(formValidator);
formValidator.validateFormData = (formData, ...rest) => validateAsSent(normalizeDeep(formData), ...rest);

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Maps RJSF's ajv errors to translated messages (validation.* keys). */
export function localiseErrors(errors: RJSFValidationError[], t: Translate): RJSFValidationError[] {
  return errors.map((e) => {
    const params = (e.params ?? {}) as Record<string, unknown>;
    const key = errorKey({ keyword: e.name ?? '', params } as unknown as ErrorObject);
    return { ...e, message: t(key, params), stack: `${e.property ?? ''} ${t(key, params)}`.trim() };
  });
}
