/** Errors that become envelopes with a status; thrown anywhere in a route, answered by one handler. */
import type { ServerMessage, TableMessage } from '../../runtime/shared/envelope';
import type { Lang } from '../../runtime/shared/definition';
import type { ErrorKey } from '../../runtime/shared/errorKeys';

/** Message keys under "errors" in the translation files (runtime/shared/errorKeys.ts). */
export type { ErrorKey };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly fields: ServerMessage[] = [],
    readonly table: TableMessage[] = [],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** Data of the envelope (e.g. { BusinessErrors }), or a function of the request language. */
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

export const badRequest = (): HttpError => new HttpError(400, 'BadRequest');
export const unauthorized = (): HttpError => new HttpError(401, 'TheSessionIsOver');
export const forbidden = (): HttpError => new HttpError(403, 'YouDoNotHavePermissionToAccessThisSection');
export const notFound = (): HttpError => new HttpError(404, 'NotFound');
export const unknownEntity = (): HttpError => new HttpError(404, 'UnknownEntity');
export const invalid = (fields: ServerMessage[] = [], table: TableMessage[] = []): HttpError =>
  new HttpError(417, 'YouHaveNotEnteredValuesCorrectly', fields, table);
export const conflict = (): HttpError => new HttpError(417, 'ConcurrencyConflict');

/**
 * A 417 on fields whose messages are written in the request language when answered: for refusals
 * thrown where the language is not at hand (inside a write's transaction).
 */
export class LocalisedInvalid extends HttpError {
  constructor(readonly messages: (lang: Lang) => ServerMessage[]) {
    super(417, 'YouHaveNotEnteredValuesCorrectly');
  }
}

/** The field messages of an error in the request language. */
export function errorFields(err: HttpError, lang: Lang): ServerMessage[] {
  return err instanceof LocalisedInvalid ? err.messages(lang) : err.fields;
}

/** The envelope Data of an error in the request language. */
export function errorData(err: HttpError, lang: Lang): unknown {
  return typeof err.data === 'function' ? (err.data as (l: Lang) => unknown)(lang) : err.data;
}
