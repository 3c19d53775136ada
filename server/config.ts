/** Server configuration from the environment (docs/api.md, "Environment"). */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RateLimitConfig {
  /** Fixed window length in milliseconds. */
  windowMs: number;
  /** Failed sign-ins per username from one client address per window. */
  perUser: number;
  /** Failed sign-ins per username from all addresses together per window (bounds distributed guessing). */
  perUserAllAddresses: number;
  /** Failed sign-ins per client address per window. */
  perAddress: number;
  /** UI log entries per client address per window. */
  uiLogPerAddress: number;
  /** Security/PasswordReset/Request calls per client address per window. */
  resetPerAddress: number;
  /** Security/PasswordReset/Request calls per username (from all addresses) per window. */
  resetPerUser: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  demoPassword: string;
  jwtSecret: Buffer;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  staticDir: string;
  rateLimit: RateLimitConfig;
  /** Trust X-Forwarded-For (behind a load balancer) for the client address of rate limits. */
  trustProxy: boolean;
  /**
   * How much demo data a fresh database gets (DEMO_VOLUME): `full` (default, for `npm start`: tens of
   * thousands of documents) or `small` (a few rows per entity: the test command sets it).
   */
  demoVolume: 'full' | 'small';
  /**
   * Sweep of uploads no row holds (server/attachments/cleanup.ts): once at start and every
   * `intervalMs` (ATTACHMENT_SWEEP_INTERVAL seconds, default 1 h; 0 = never), deleting those older
   * than `maxAgeMs` (ATTACHMENT_ORPHAN_AGE seconds, default 24 h).
   */
  attachmentSweep: { intervalMs: number; maxAgeMs: number };
  /**
   * Last day (yyyy-mm-dd, UTC) of the software licence, set by the server's operator only
   * (LICENCE_EXPIRES_ON); past it every entity call answers 402 (server/entities/gates.ts). Without
   * it the demo runs on a licence a year ahead of the start. Shown read-only among the settings.
   */
  licenceExpiresOn: string;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  windowMs: 15 * 60 * 1000,
  perUser: 10,
  perUserAllAddresses: 100,
  perAddress: 50,
  uiLogPerAddress: 300,
  resetPerAddress: 10,
  resetPerUser: 3,
};

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(PROJECT_ROOT, path);
}

/** Data folder: beside the SQLite file, or data/ for PostgreSQL. */
export function dataDir(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return dirname(fromRoot(databaseUrl.slice('sqlite:'.length)));
  return resolve(PROJECT_ROOT, 'data');
}

/** JWT secret from JWT_SECRET, or 64 random bytes generated once and kept in data/jwt-secret (0600). */
export function loadJwtSecret(env: NodeJS.ProcessEnv, databaseUrl: string): Buffer {
  if (env.JWT_SECRET) return Buffer.from(env.JWT_SECRET, 'utf8');
  const dir = dataDir(databaseUrl);
  const file = resolve(dir, 'jwt-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(64);
  try {
    writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch {
    // another process wrote it first: use theirs so both sign alike
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
  chmodSync(file, 0o600);
  return secret;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid integer in environment: ${value}`);
  return n;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** LICENCE_EXPIRES_ON (yyyy-mm-dd) or, for the demo, a year from now; a malformed value stops the start. */
export function licenceExpiresOn(value: string | undefined, now = new Date()): string {
  if (value === undefined || value === '')
    return new Date(now.getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const day = DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    throw new Error(`Invalid LICENCE_EXPIRES_ON (yyyy-mm-dd expected): ${value}`);
  return value;
}

/** Resolves `sqlite:relative/path` against the project root; other URLs pass through. */
export function normaliseDatabaseUrl(url: string): string {
  if (url.startsWith('sqlite:')) return `sqlite:${fromRoot(url.slice('sqlite:'.length))}`;
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = normaliseDatabaseUrl(env.DATABASE_URL || 'sqlite:data/erp.sqlite');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    demoPassword: env.DEMO_PASSWORD || 'Demo@1405',
    jwtSecret: loadJwtSecret(env, databaseUrl),
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    staticDir: fromRoot(env.STATIC_DIR || 'dist'),
    rateLimit: { ...DEFAULT_RATE_LIMIT },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    demoVolume: env.DEMO_VOLUME === 'small' ? 'small' : 'full',
    attachmentSweep: {
      intervalMs: int(env.ATTACHMENT_SWEEP_INTERVAL, 3600) * 1000,
      maxAgeMs: int(env.ATTACHMENT_ORPHAN_AGE, 24 * 3600) * 1000,
    },
    licenceExpiresOn: licenceExpiresOn(env.LICENCE_EXPIRES_ON),
  };
}
