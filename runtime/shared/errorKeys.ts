/**
 * The keys of the answer-level error messages, under `errors.` in the shared translation files
 * (src/public/assets/i18n/share/{fa,en}.json). The server answers one per failed call (HttpError);
 * the browser's error catalogue (runtime/http/catalogue.ts) toasts them. `NetworkError` is the
 * browser's own (no answer arrived).
 */
export const ERROR_KEYS = [
  'BadRequest',
  'TheSessionIsOver',
  'YouDoNotHavePermissionToAccessThisSection',
  'NotFound',
  'UnknownEntity',
  'PayloadTooLarge',
  'YouHaveNotEnteredValuesCorrectly',
  'ConcurrencyConflict',
  'PasswordChangeRequired',
  'TooManyRequestsError',
  'UnspecifiedErrorOccurredPleaseContactSupport',
  'NetworkUnavailablePleaseCheckIt',
  'NetworkError',
  'WrongCurrentPassword',
  'WeakPassword',
  'InvalidUsernameOrPassword',
  'BusinessRuleViolated',
  'NotAccessTenants',
  'TheLicenceExpiredPleaseCallCompany',
  'NoOperatingLicenseInOneOrMoreSelectedBranches',
  'StockTakingInProgress',
  'NotInStockTaking',
  'ExportTooManyRows',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];
