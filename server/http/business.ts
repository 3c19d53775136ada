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
    return reply.code(200).send(ok(data ?? null));
  });
}
