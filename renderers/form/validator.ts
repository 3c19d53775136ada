/**
 * Messages of the form's validation errors. The validators themselves are precompiled on the
 * server (precompiled.ts); messages are translation keys from runtime/shared/validation errorKey,
 * so they read in the user's language.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { errorKey } from '../../runtime/shared/validation';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Maps RJSF's ajv errors to translated messages (validation.* keys). */
export function localiseErrors(errors: RJSFValidationError[], t: Translate): RJSFValidationError[] {
  return errors.map((e) => {
    const params = (e.params ?? {}) as Record<string, unknown>;
    const key = errorKey({ keyword: e.name ?? '', params } as unknown as ErrorObject);
    return { ...e, message: t(key, params), stack: `${e.property ?? ''} ${t(key, params)}`.trim() };
  });
}
