/**
 * Security headers on every answer: a strict Content-Security-Policy (no 'unsafe-inline', no
 * 'unsafe-eval'), X-Content-Type-Options, Referrer-Policy, X-Frame-Options + frame-ancestors,
 * Permissions-Policy and Cross-Origin-Opener-Policy.
 *
 * What the policy allows beyond 'self' is read once at start:
 * - the hashes of the inline <style> blocks of the built index.html (the splash screen), plus the
 *   hash of an empty style block: Fluent UI's Griffel appends empty <style> elements and fills them
 *   through CSSOM insertRule, which CSP does not govern;
 * - the origins named by /assets/config.json (map tiles → img-src; OSRM and geocoder → connect-src),
 *   so an installation that points the map elsewhere keeps working;
 * - CSP_EXTRA_SOURCES (space-separated sources, e.g. `http://127.0.0.1:*` in the end-to-end tests,
 *   whose fake map server lives on another loopback port) for img-src and connect-src.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Hashes of the inline style blocks of index.html, and of an empty one. */
export function inlineStyleHashes(indexHtml: string | null): string[] {
  const hashes = new Set([sha256('')]);
  for (const match of (indexHtml ?? '').matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi))
    hashes.add(sha256(match[1] ?? ''));
  return [...hashes];
}

/**
 * The CSP source of a configured URL template: its origin, with a templated leftmost host label
 * (`https://{s}.tile.example.org/…`) as a wildcard (`https://*.tile.example.org`). Null when the
 * text is no http(s) URL.
 */
export function sourceOf(template: unknown): string | null {
  if (typeof template !== 'string') return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const [, scheme, authority] = match as unknown as [string, string, string];
  const labels = authority.split('.');
  if (labels[0]?.includes('{')) labels[0] = '*';
  const host = labels.join('.');
  if (/[{}\s;,'"]/.test(host)) return null;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

export interface MapSources {
  img: string[];
  connect: string[];
}

/** The sources named by the `map` part of /assets/config.json (missing or bad file: none). */
export function mapSources(configJson: string | null): MapSources {
  const sources: MapSources = { img: [], connect: [] };
  if (!configJson) return sources;
  let map: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(configJson);
    const candidate = (parsed as { map?: unknown } | null)?.map;
    if (candidate && typeof candidate === 'object') map = candidate as Record<string, unknown>;
  } catch {
    return sources;
  }
  const tile = sourceOf(map.tileUrl);
  if (tile) sources.img.push(tile);
  for (const key of ['osrmUrl', 'geocoderUrl']) {
    const source = sourceOf(map[key]);
    if (source) sources.connect.push(source);
  }
  return sources;
}

const SAFE_SOURCE = /^[A-Za-z0-9*:/._-]+$/;

export function contentSecurityPolicy(styleHashes: string[], map: MapSources, extra: string[]): string {
  const safeExtra = extra.filter((s) => SAFE_SOURCE.test(s));
  const list = (...parts: string[]) => [...new Set(parts)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${list("'self'", ...styleHashes)}`,
    "font-src 'self' data:",
    `img-src ${list("'self'", 'data:', 'blob:', ...map.img, ...safeExtra)}`,
    `connect-src ${list("'self'", ...map.connect, ...map.img, ...safeExtra)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function readIfExists(path: string | null): string | null {
  return path && existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** The headers for this installation (static folder and environment read once). */
export function securityHeaders(
  staticDir: string | null,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const index = readIfExists(staticDir ? join(staticDir, 'index.html') : null);
  const config = readIfExists(staticDir ? join(staticDir, 'assets', 'config.json') : null);
  const extra = (env.CSP_EXTRA_SOURCES ?? '').split(/\s+/).filter(Boolean);
  return {
    'Content-Security-Policy': contentSecurityPolicy(inlineStyleHashes(index), mapSources(config), extra),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Paths whose answers carry data (the API, tokens): never stored by a browser or a proxy. */
export const isDataPath = (url: string): boolean => /^\/(api|Token|revoke)(?:[/?#]|$)/.test(url);

/**
 * The headers of one answer: the security headers, and on data paths `Cache-Control: no-store`
 * (a route may still set its own afterwards: the hash-named validator modules are immutable code).
 * Static files keep the caching of @fastify/static.
 */
export function answerHeaders(headers: Record<string, string>, url: string): Record<string, string> {
  return isDataPath(url) ? { ...headers, 'Cache-Control': 'no-store' } : headers;
}

/** Adds the headers to every answer (API, static files, errors). Not wrapped in fastify-plugin by design: registered on the root. */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(answerHeaders(headers, req.url));
  });
}
