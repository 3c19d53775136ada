/** POST /Token (password and refresh_token grants) and POST /revoke, OAuth-style answers. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeDeep } from '../../runtime/shared/normalize';
import { dummyHash, verifyPassword } from './password';
import { consumeRefreshToken, revokeToken } from './refresh';
import { signInAttempt } from './rateLimit';
import { HashQueueFull } from './hashQueue';
import { issueTokens } from './tokens';

type Fields = Record<string, unknown>;

function fields(req: FastifyRequest): Fields {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return body as Fields;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function oauthError(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error });
}

function tooMany(reply: FastifyReply, wait: number): FastifyReply {
  reply.header('Retry-After', String(wait));
  return oauthError(reply, 429, 'too_many_requests');
}

export async function authPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const limits = () => ctx.config.rateLimit;

  async function passwordGrant(req: FastifyRequest, reply: FastifyReply, body: Fields) {
    // usernames are compared after digit/letter normalisation, as the client sends them
    const username = str(body.username) ? normalizeDeep(String(body.username)).trim() : null;
    const password = str(body.password);
    if (!username || !password) return oauthError(reply, 400, 'invalid_request');
    // the attempt is counted before the password is checked (atomically, rateLimit.ts)
    const taken = await signInAttempt(ctx.db, limits(), username, req.ip);
    if (!taken.ok) return tooMany(reply, taken.wait);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    let valid: boolean;
    try {
      valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    } catch (err) {
      if (!(err instanceof HashQueueFull)) throw err;
      await taken.attempt.notEvaluated();
      return tooMany(reply, 1);
    }
    if (!user || !valid || user.disabled) {
      await taken.attempt.failed();
      return oauthError(reply, 400, 'invalid_grant');
    }
    await taken.attempt.succeeded();
    const pair = await issueTokens(ctx, { ...user, id: Number(user.id) });
    return reply.header('Cache-Control', 'no-store').send(pair);
  }

  async function refreshGrant(reply: FastifyReply, body: Fields) {
    const token = str(body.refresh_token);
    if (!token) return oauthError(reply, 400, 'invalid_request');
    const result = await consumeRefreshToken(ctx.db, token);
    if (!result.ok) return oauthError(reply, 400, 'invalid_grant');
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', result.userId)
      .executeTakeFirst();
    if (!user || user.disabled) return oauthError(reply, 400, 'invalid_grant');
    const pair = await issueTokens(ctx, { ...user, id: Number(user.id) }, result.familyId);
    return reply.header('Cache-Control', 'no-store').send(pair);
  }

  app.post('/Token', async (req, reply) => {
    const body = fields(req);
    const grant = str(body.grant_type);
    if (!grant) return oauthError(reply, 400, 'invalid_request');
    if (grant === 'password') return passwordGrant(req, reply, body);
    if (grant === 'refresh_token') return refreshGrant(reply, body);
    return oauthError(reply, 400, 'unsupported_grant_type');
  });

  app.post('/revoke', async (req, reply) => {
    const token = str(fields(req).token);
    if (token) await revokeToken(ctx.db, token);
    return reply.code(200).send({});
  });
}
