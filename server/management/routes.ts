/** Management/UILog/Create: client error logs, with or without a token, rate limited per address. */
import type { FastifyInstance } from 'fastify';
import { currentWindow, increment, retryAfter } from '../auth/rateLimit';
import { businessRoute } from '../http/business';
import { HttpError, badRequest } from '../http/errors';

const MAX_LOG = 64 * 1024;

export async function managementPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(
    app,
    'Management/UILog/Create',
    async ({ req, user, body }) => {
      const log = body.Log;
      if (log === undefined || log === null) throw badRequest();
      const window = currentWindow(ctx.config.rateLimit.windowMs);
      const count = await increment(ctx.db, `uilog:addr:${req.ip}`, window);
      if (count > ctx.config.rateLimit.uiLogPerAddress)
        throw new HttpError(429, 'TooManyRequestsError', [], [], {
          'Retry-After': String(retryAfter(window)),
        });
      const text = typeof log === 'string' ? log : JSON.stringify(log);
      await ctx.db
        .insertInto('ui_logs')
        .values({
          user_id: user?.id ?? null,
          address: req.ip,
          log: text.slice(0, MAX_LOG),
          created_at: new Date().toISOString(),
        })
        .execute();
      return null;
    },
    { auth: 'optional' },
  );
}
