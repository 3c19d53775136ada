/**
 * Refuses bodies no business call needs, before any route sees them (400 with the envelope, or the
 * OAuth error shape on /Token and /revoke through the one error handler):
 * - nesting deeper than MAX_DEPTH (deeply nested JSON otherwise overflows the stack of the recursive
 *   normalisation and validation: an unplanned 500 the fuzzer found);
 * - text with a lone UTF-16 surrogate or a NUL character, anywhere in keys or values (PostgreSQL
 *   refuses both in text columns: another 500; no business text needs them).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const MAX_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused here
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000/;

/** True when the value is within the depth limit and all its text is well formed. */
export function acceptableBody(value: unknown): boolean {
  // iterative, so the check itself cannot overflow
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return false;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_DEPTH) return false;
    for (const [key, child] of Object.entries(current)) {
      if (LONE_SURROGATE.test(key)) return false;
      stack.push([child, depth + 1]);
    }
  }
  return true;
}

export function installBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    if (req.body === undefined || acceptableBody(req.body)) return;
    if (/^\/(Token|revoke)\b/.test(req.url))
      return reply.code(400).header('Cache-Control', 'no-store').send({ error: 'invalid_request' });
    throw badRequest();
  });
}
