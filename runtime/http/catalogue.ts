/**
 * The error catalogue of spec section 8 as ONE table from trigger to handling. Rows are tried in
 * order; the first whose `match` holds is handled by its declarative actions, run by
 * `handleFailure`. Nothing else in the app decides how an HTTP failure is shown.
 */
import { EnvelopeState, type Envelope, type TableMessage } from '../shared/envelope';
import type { ErrorKey } from '../shared/errorKeys';
import { clock } from '../clock';
import { toast } from '../ui/toasts';
import { closeAllDialogs, openDialog } from '../ui/dialogs';
import { navigate } from '../ui/navigation';
import { broadcast } from '../channel';
import { requestLogout } from '../auth/logoutPort';
import { forgetTenant } from '../tenant/current';

/** What the pipeline knows about a failed call. */
export interface FailureContext {
  /** HTTP status; 0 for a network failure. */
  status: number;
  url: string;
  /** The envelope when the body was one. */
  envelope: Envelope | null;
  /** The parsed body otherwise (OAuth error object, errors map, text). */
  body: unknown;
  /** Text of a binary (Blob/ArrayBuffer) error body. */
  binaryText: string | null;
}

/** Where the messages of a `toastMessages` action come from. */
type MessageSource = 'errorsMap' | 'binary';

export type CatalogueAction =
  | { do: 'toast'; key: ErrorKey; throttleMs?: number }
  | { do: 'toastMessages'; from: MessageSource; fallbackKey?: ErrorKey }
  | { do: 'dialog'; kind: 'error' | 'tableErrors' | 'business' }
  | { do: 'closeDialogs' }
  | { do: 'navigate'; to: string; delayMs?: number }
  | { do: 'logout'; broadcast: boolean }
  /** Forget the stored tenant (303): the shell's selector chooses one the user has. */
  | { do: 'forgetTenant' };

export interface CatalogueRow {
  /** Stable name, for tests and docs. */
  name: string;
  match: (ctx: FailureContext) => boolean;
  handle: CatalogueAction[];
}

export const ZERO_DATE = '0001-01-01T00:00:00';
export const SESSION_OVER_THROTTLE_MS = 3500;
export const FORBIDDEN_REDIRECT_MS = 300;

const is = (status: number) => (ctx: FailureContext) => ctx.status === status;
const hasTable = (ctx: FailureContext) => (ctx.envelope?.TableMessageTexts?.length ?? 0) > 0;

export function businessErrors(ctx: FailureContext): string[] {
  const data = (ctx.envelope?.Data ?? (ctx.body as { Data?: unknown } | null)?.Data) as
    { BusinessErrors?: unknown } | null | undefined;
  const list = data && typeof data === 'object' ? data.BusinessErrors : undefined;
  return Array.isArray(list) ? list.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : [];
}

/** Spec: the 417 error modal shows only when Data is absent or the zero date. */
function dataAbsentOrZero(ctx: FailureContext): boolean {
  const data = ctx.envelope?.Data;
  return data === undefined || data === null || data === ZERO_DATE;
}

export const CATALOGUE: readonly CatalogueRow[] = [
  {
    name: 'invalidGrant',
    match: (c) => (c.body as { error?: unknown } | null)?.error === 'invalid_grant',
    handle: [{ do: 'toast', key: 'InvalidUsernameOrPassword' }],
  },
  {
    name: 'binaryBody',
    match: (c) => c.binaryText !== null,
    handle: [{ do: 'toastMessages', from: 'binary' }],
  },
  { name: 'network', match: is(0), handle: [{ do: 'toast', key: 'NetworkError' }] },
  {
    name: 'unauthorized',
    match: is(401),
    handle: [
      { do: 'toast', key: 'TheSessionIsOver', throttleMs: SESSION_OVER_THROTTLE_MS },
      { do: 'logout', broadcast: true },
    ],
  },
  {
    name: 'forbidden',
    match: is(403),
    handle: [
      { do: 'toast', key: 'YouDoNotHavePermissionToAccessThisSection' },
      { do: 'closeDialogs' },
      { do: 'navigate', to: '/', delayMs: FORBIDDEN_REDIRECT_MS },
    ],
  },
  { name: 'upgradeRequired', match: is(426), handle: [{ do: 'navigate', to: '/security/changePassword' }] },
  {
    name: 'tenants',
    match: is(303),
    handle: [{ do: 'toast', key: 'NotAccessTenants' }, { do: 'forgetTenant' }],
  },
  {
    name: 'businessError',
    match: (c) => c.status === 417 && businessErrors(c).length > 0,
    handle: [{ do: 'dialog', kind: 'business' }],
  },
  {
    name: 'tableErrors',
    match: (c) => c.status === 417 && hasTable(c),
    handle: [{ do: 'dialog', kind: 'tableErrors' }],
  },
  // Field errors (ServerMessageTexts) travel inside the ApiError; forms show them inline.
  {
    name: 'expectationFailed',
    match: (c) => c.status === 417 && dataAbsentOrZero(c),
    handle: [{ do: 'dialog', kind: 'error' }],
  },
  {
    name: 'badRequest',
    match: is(400),
    handle: [{ do: 'toastMessages', from: 'errorsMap', fallbackKey: 'BadRequest' }],
  },
  {
    name: 'licenceExpired',
    match: is(402),
    handle: [{ do: 'toast', key: 'TheLicenceExpiredPleaseCallCompany' }],
  },
  { name: 'notFound', match: is(404), handle: [{ do: 'toast', key: 'NotFound' }] },
  { name: 'payloadTooLarge', match: is(413), handle: [{ do: 'toast', key: 'PayloadTooLarge' }] },
  { name: 'stockTaking', match: is(423), handle: [{ do: 'toast', key: 'StockTakingInProgress' }] },
  { name: 'tooManyRequests', match: is(429), handle: [{ do: 'toast', key: 'TooManyRequestsError' }] },
  {
    name: 'serverError',
    match: is(500),
    handle: [{ do: 'toast', key: 'UnspecifiedErrorOccurredPleaseContactSupport' }],
  },
  {
    name: 'noBranchLicence',
    match: is(501),
    handle: [{ do: 'toast', key: 'NoOperatingLicenseInOneOrMoreSelectedBranches' }],
  },
  { name: 'unavailable', match: is(503), handle: [{ do: 'toast', key: 'NetworkUnavailablePleaseCheckIt' }] },
  { name: 'notInStockTaking', match: is(508), handle: [{ do: 'toast', key: 'NotInStockTaking' }] },
  // 200 answer whose envelope State is InvalidValues (spec: "values entered wrongly").
  {
    name: 'envelopeInvalid',
    match: (c) => c.status === 200 && c.envelope?.State === EnvelopeState.InvalidValues,
    handle: [
      { do: 'toast', key: 'YouHaveNotEnteredValuesCorrectly' },
      { do: 'navigate', to: '/' },
    ],
  },
  // 200 answer whose envelope State is Error: its messages in the error modal.
  {
    name: 'envelopeError',
    match: (c) => c.status === 200 && c.envelope?.State === EnvelopeState.Error,
    handle: [{ do: 'dialog', kind: 'error' }],
  },
];

/** Messages of a 400 body: every value of its `errors` map, then our envelope's MessageTexts. */
export function errorsMapMessages(ctx: FailureContext): string[] {
  const out: string[] = [];
  const errors = (ctx.body as { errors?: unknown } | null)?.errors;
  if (errors && typeof errors === 'object') {
    for (const v of Object.values(errors)) {
      if (Array.isArray(v)) out.push(...v.map(String));
      else if (v !== null && v !== undefined) out.push(String(v));
    }
  }
  if (ctx.envelope) out.push(...ctx.envelope.MessageTexts);
  return out;
}

const lastShown = new Map<string, number>();

/** Forget throttling state (tests). */
export function resetCatalogueState(): void {
  lastShown.clear();
}

function run(action: CatalogueAction, ctx: FailureContext): void {
  switch (action.do) {
    case 'toast': {
      if (action.throttleMs) {
        const last = lastShown.get(action.key);
        const now = clock.now();
        if (last !== undefined && now - last < action.throttleMs) return;
        lastShown.set(action.key, now);
      }
      toast({ text: action.key, kind: 'error', id: action.key });
      return;
    }
    case 'toastMessages': {
      const messages = action.from === 'binary' ? [ctx.binaryText ?? ''] : errorsMapMessages(ctx);
      if (messages.length === 0 && action.fallbackKey) toast({ text: action.fallbackKey, kind: 'error' });
      // the server's texts (errors map, MessageTexts, a file's body): shown as they are, never
      // taken for keys; the fallback is our own key
      for (const text of messages) toast({ text, kind: 'error', literal: true });
      return;
    }
    case 'dialog':
      openFailureDialog(action.kind, ctx);
      return;
    case 'closeDialogs':
      closeAllDialogs();
      return;
    case 'navigate':
      if (action.delayMs) clock.setTimeout(() => navigate(action.to), action.delayMs);
      else navigate(action.to);
      return;
    case 'logout':
      if (action.broadcast) broadcast('logout');
      requestLogout({ broadcast: false });
      return;
    case 'forgetTenant':
      forgetTenant();
      return;
  }
}

function openFailureDialog(kind: 'error' | 'tableErrors' | 'business', ctx: FailureContext): void {
  const messages = ctx.envelope?.MessageTexts ?? [];
  if (kind === 'business') {
    openDialog({ kind: 'business', message: businessErrors(ctx)[0] ?? '' });
  } else if (kind === 'tableErrors') {
    const rows: TableMessage[] = ctx.envelope?.TableMessageTexts ?? [];
    openDialog({ kind: 'tableErrors', messages, rows });
  } else if (messages.length > 0) {
    // Only field errors: nothing for a modal, the form shows them inline.
    openDialog({ kind: 'error', messages });
  }
}

/** Finds the row for a failure; null when no row matches (the call still rejects). */
export function findRow(ctx: FailureContext): CatalogueRow | null {
  return CATALOGUE.find((row) => row.match(ctx)) ?? null;
}

/** The one function that handles a failed call. Returns the row used. */
export function handleFailure(ctx: FailureContext): CatalogueRow | null {
  const row = findRow(ctx);
  if (row) for (const action of row.handle) run(action, ctx);
  return row;
}
