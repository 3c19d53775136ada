/** HS256 JWTs written with node:crypto. Only the header {alg:HS256, typ:JWT} is accepted. */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

import type { AccessClaims } from '../../runtime/shared/tokens';

export type { AccessClaims };

const LEEWAY_SECONDS = 30;

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export function signAccessToken(
  claims: Omit<AccessClaims, 'iat' | 'nbf' | 'exp' | 'jti'>,
  secret: Buffer,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload: AccessClaims = { ...claims, iat, nbf: iat, exp: iat + ttlSeconds, jti: randomUUID() };
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The claims of a valid token, or null (bad shape, header, signature, exp, or nbf/iat in the future). */
export function verifyAccessToken(token: string, secret: Buffer, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const header = parseJson(head) as Record<string, unknown> | null;
  if (!header || typeof header !== 'object') return null;
  const keys = Object.keys(header).sort();
  if (keys.join(',') !== 'alg,typ' || header.alg !== 'HS256' || header.typ !== 'JWT') return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = parseJson(body) as AccessClaims | null;
  if (!claims || typeof claims !== 'object') return null;
  const nowSec = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + LEEWAY_SECONDS <= nowSec) return null;
  if (typeof claims.nbf !== 'number' || claims.nbf - LEEWAY_SECONDS > nowSec) return null;
  if (typeof claims.iat !== 'number' || claims.iat - LEEWAY_SECONDS > nowSec) return null;
  if (typeof claims.sub !== 'string') return null;
  return claims;
}
