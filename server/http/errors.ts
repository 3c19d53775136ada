/** Errors that become envelopes with a status; thrown anywhere in a route, answered by one handler. */
import type { ServerMessage, TableMessage } from '../../runtime/shared/envelope';

/** Message keys under "errors" in the translation files. */
export type ErrorKey =
  | 'BadRequest'
  | 'TheSessionIsOver'
  | 'YouDoNotHavePermissionToAccessThisSection'
  | 'NotFound'
  | 'UnknownEntity'
  | 'PayloadTooLarge'
  | 'YouHaveNotEnteredValuesCorrectly'
  | 'ConcurrencyConflict'
  | 'PasswordChangeRequired'
  | 'TooManyRequestsError'
  | 'UnspecifiedErrorOccurredPleaseContactSupport'
  | 'NetworkUnavailablePleaseCheckIt'
  | 'WrongCurrentPassword'
  | 'WeakPassword'
  | 'InvalidUsernameOrPassword';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly fields: ServerMessage[] = [],
    readonly table: TableMessage[] = [],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
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
export const invalid = (fields: ServerMessage[] = []): HttpError =>
  new HttpError(417, 'YouHaveNotEnteredValuesCorrectly', fields);
export const conflict = (): HttpError => new HttpError(417, 'ConcurrencyConflict');
