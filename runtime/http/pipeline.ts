/**
 * The ONE request pipeline every call of the app goes through (ofetch). It adds the bearer token
 * (except to /Token and revoke), the selectedYear, tenant (business calls) and Accept-Language
 * headers, normalises bodies
 * and JSON answers (runtime/shared/normalize.ts), drives the loading indicator, checks business
 * answers for the envelope and hands every failure to the error catalogue (and the messages of a
 * successful answer to notices.ts, as warnings); failed calls then reject with ApiError so forms can
 * show field errors inline.
 */
import { ofetch, type FetchOptions, type FetchResponse } from 'ofetch';
import { normalizeDeep } from '../shared/normalize';
import { EnvelopeState, isEnvelope, type Envelope } from '../shared/envelope';
import { getAccessToken } from '../auth/tokens';
import { getLang } from '../lang';
import { getCurrentPeriod } from '../period/current';
import { getTenant } from '../tenant/current';
import { ApiError } from './ApiError';
import { handleFailure, type FailureContext } from './catalogue';
import { showAnswerNotices } from './notices';
import { loadingFinished, loadingStarted, tracksLoading } from './loading';

export interface CallOptions {
  /** Skip the error catalogue (the call still rejects with ApiError). */
  silent?: boolean;
  /** Skip the error catalogue except for these statuses (a background call that must still report one). */
  silentExcept?: readonly number[];
  /** Leave the loading indicator alone (a prefetch the user did not ask for). */
  background?: boolean;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** 'blob' reads the answer as a Blob whatever its type (file downloads). */
  responseType?: 'blob';
}

let baseURL = '';

/** Origin prefix of every URL ('' in the browser: same origin). Tests point it at their server. */
export function configurePipeline(options: { baseURL: string }): void {
  baseURL = options.baseURL.replace(/\/$/, '');
}

/** Business paths go under /api/; auth and assets are given as absolute paths. */
export function resolveUrl(path: string): string {
  const p = path.startsWith('/') ? path : `/api/${path}`;
  return baseURL + p;
}

function isBusinessUrl(url: string): boolean {
  return url.includes('/api/');
}

function wantsBearer(url: string): boolean {
  return !url.includes('Token') && !url.includes('revoke');
}

function isNormalisable(body: unknown): boolean {
  if (body === null || body === undefined) return false;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return false;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return false;
  if (body instanceof Date || body instanceof URLSearchParams || body instanceof ArrayBuffer) return false;
  return true;
}

function isBinary(value: unknown): value is Blob | ArrayBuffer {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  // Duck-typed: the Blob class of the fetch implementation may not be the global one.
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).arrayBuffer === 'function' &&
    typeof (value as Blob).text === 'function'
  );
}

async function binaryText(value: Blob | ArrayBuffer | ArrayBufferView): Promise<string> {
  if (value instanceof ArrayBuffer) return new TextDecoder().decode(value);
  if (ArrayBuffer.isView(value)) return new TextDecoder().decode(value);
  return new TextDecoder().decode(await (value as Blob).arrayBuffer());
}

function isStaticAsset(url: string): boolean {
  return new URL(url, 'http://local').pathname.startsWith('/assets/');
}

/** The ofetch instance: header and normalisation hooks. */
export const http = ofetch.create({
  retry: 0,
  ignoreResponseError: true,
  onRequest({ request, options }) {
    const url = typeof request === 'string' ? request : request.url;
    const headers = options.headers;
    if (wantsBearer(url)) {
      const token = getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    const period = getCurrentPeriod();
    if (period) headers.set('selectedYear', String(period.Id));
    const tenant = getTenant();
    if (tenant && isBusinessUrl(url)) headers.set('tenant', tenant);
    headers.set('Accept-Language', getLang());
    if (isNormalisable(options.body)) options.body = normalizeDeep(options.body);
  },
  onResponse({ request, response }) {
    const type = response.headers.get('content-type') ?? '';
    const url = typeof request === 'string' ? request : request.url;
    // Our own static files (translations, config) are text we wrote, not data users typed: their
    // Persian digits are meant for display and must survive (spec section 5 is about business data).
    if (isStaticAsset(url)) return;
    if (type.includes('json') && response._data !== undefined) response._data = normalizeDeep(response._data);
  },
});

async function failureContext(status: number, url: string, data: unknown): Promise<FailureContext> {
  const binary = isBinary(data) ? await binaryText(data) : null;
  let body: unknown = data;
  if (binary !== null) {
    try {
      body = JSON.parse(binary) as unknown;
    } catch {
      body = binary;
    }
  }
  const envelope = isEnvelope(body) ? (body as Envelope) : null;
  // A binary body that turns out to be JSON is handled as JSON; only real text is toasted.
  const literal = binary !== null && !isEnvelope(body) && typeof body === 'string' ? binary : null;
  return { status, url, envelope, body, binaryText: literal };
}

async function fail(ctx: FailureContext, options: CallOptions): Promise<never> {
  const quiet = options.silent || (options.silentExcept && !options.silentExcept.includes(ctx.status));
  if (!quiet) handleFailure(ctx);
  throw new ApiError(ctx.status, ctx.envelope, ctx.body);
}

/** Sends a request and returns the raw response (status >= 400 rejects through the catalogue). */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<FetchResponse<T>> {
  const url = resolveUrl(path);
  const tracked = !options.background && tracksLoading(url);
  if (tracked) loadingStarted();
  let response: FetchResponse<T>;
  try {
    // ofetch ties its data type to responseType; callers name T themselves (Blob for 'blob').
    const fetchOptions = {
      method,
      body: body as BodyInit | Record<string, unknown>,
      headers: options.headers,
      ...(options.responseType ? { responseType: options.responseType } : {}),
    } as FetchOptions<'json'>;
    response = await http.raw<T>(url, fetchOptions);
  } catch {
    return fail({ status: 0, url, envelope: null, body: null, binaryText: null }, options);
  } finally {
    if (tracked) loadingFinished();
  }
  const status = response.status;
  if (status >= 300 || status === 0) return fail(await failureContext(status, url, response._data), options);
  if (isBusinessUrl(url) && isEnvelope(response._data) && response._data.State !== EnvelopeState.Ok) {
    return fail(await failureContext(status, url, response._data), options);
  }
  // what a successful answer tells without refusing (a credit limit passed under `warn`): warnings,
  // shown for every call, a quiet one too (`silent` keeps only the error catalogue quiet)
  if (isBusinessUrl(url) && isEnvelope(response._data)) showAnswerNotices(response._data);
  return response;
}

/** The API: business calls answer Data; `raw` returns the response; `get` reads assets. */
export const api = {
  async post<T>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
    const response = await request<Envelope<T> | T>('POST', path, body, options);
    const data = response._data;
    return (isEnvelope(data) ? (data as Envelope<T>).Data : data) as T;
  },
  raw<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<FetchResponse<T>> {
    return request<T>(method, path, body, options);
  },
  async get<T>(path: string, options: CallOptions = {}): Promise<T> {
    return (await request<T>('GET', path, undefined, options))._data as T;
  },
  /** Form-urlencoded POST (the token endpoint). Values are normalised like JSON bodies. */
  async form<T>(path: string, values: Record<string, string>, options: CallOptions = {}): Promise<T> {
    const body = new URLSearchParams(normalizeDeep(values)).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
    return (await request<T>('POST', path, body, { ...options, headers }))._data as T;
  },
};
