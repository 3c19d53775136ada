/**
 * Registers one business route POST /api/{Module}/{Entity}/{Action}: content-type check, digit and
 * letter normalisation of the body (runtime/shared/normalize.ts), authentication, the envelope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../runtime/shared/envelope';
import { normalizeDeep } from '../../runtime/shared/normalize';
import { authenticate, type Auth } from '../auth/authenticate';
import type { CurrentUser } from '../context';
import { HttpError, badRequest } from './errors';

export type { Auth } from '../auth/authenticate';

export interface BusinessCall<U> {
  req: FastifyRequest;
  user: U;
  body: Record<string, unknown>;
  /** The fiscal period id of the `selectedYear` header, when it is a positive integer. */
  selectedYear: number | null;
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '');
}

const JSON_TYPE = 'application/json; charset=utf-8';

const encoder = new TextEncoder();
/** Below this many UTF-16 units a text is encoded by Buffer.from (pooled, quick for small ones). */
const LARGE_TEXT = 16_384;
/** The largest scratch kept between answers (bytes); a larger answer is encoded into its own. */
const SCRATCH_MAX = 16 * 1024 * 1024;
let scratch: Buffer | null = null;

/**
 * A text's UTF-8 bytes. A large one is encoded by TextEncoder.encodeInto (faster than
 * Buffer.from on Persian text) into a reused scratch of the worst case (3 bytes a UTF-16 unit),
 * then copied out at its length.
 */
export function utf8(text: string): Buffer {
  if (text.length < LARGE_TEXT) return Buffer.from(text, 'utf8');
  const need = text.length * 3;
  if (need > SCRATCH_MAX) {
    const own = Buffer.allocUnsafe(need);
    return own.subarray(0, encoder.encodeInto(text, own).written);
  }
  if (!scratch || scratch.length < need) scratch = Buffer.allocUnsafe(need);
  const { written } = encoder.encodeInto(text, scratch);
  return Buffer.from(scratch.subarray(0, written));
}

/**
 * The envelope as the UTF-8 bytes of its JSON (what Fastify's default serializer writes): sent as
 * bytes, the answer is encoded once, where a text is measured (Content-Length) and then encoded
 * again by the socket; a large answer (a 2000-line ledger page) saves milliseconds.
 */
export function jsonBytes(value: unknown): Buffer {
  return utf8(JSON.stringify(value));
}

/** Reads the body of a business call as a normalised plain object ({} when absent). */
export function readBody(req: FastifyRequest): Record<string, unknown> {
  const raw: unknown = req.body;
  if (raw === undefined || raw === null) return {};
  if (!isJson(req.headers['content-type'])) throw new HttpError(415, 'BadRequest');
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest();
  return normalizeDeep(raw as Record<string, unknown>);
}

/** The `selectedYear` header as a fiscal period id (a positive integer), else null. */
export function selectedYear(req: FastifyRequest): number | null {
  const v = req.headers.selectedyear;
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function businessRoute(
  app: FastifyInstance,
  path: string,
  handler: (call: BusinessCall<CurrentUser>) => Promise<unknown>,
  options?: { allowPwdChange?: boolean },
): void;
export function businessRoute(
  app: FastifyInstance,
  path: string,
  handler: (call: BusinessCall<CurrentUser | null>) => Promise<unknown>,
  options: { auth: 'optional' },
): void;
export function businessRoute(
  app: FastifyInstance,
  path: string,
  handler: (call: BusinessCall<CurrentUser>) => Promise<unknown>,
  options: { auth?: Auth; allowPwdChange?: boolean } = {},
): void {
  app.post(`/api/${path}`, async (req, reply) => {
    const body = readBody(req);
    const user = await authenticate(
      app.ctx,
      req,
      options.auth ?? 'required',
      options.allowPwdChange ?? false,
    );
    const data = await handler({ req, user: user as CurrentUser, body, selectedYear: selectedYear(req) });
    return reply
      .code(200)
      .type(JSON_TYPE)
      .send(jsonBytes(ok(data ?? null)));
  });
}
