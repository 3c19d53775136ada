/**
 * Chromium of the browser benches (playwright-core, the Debian chromium, headless), the bench
 * harness page (bench/harness, built by its own vite config) served by a tiny static server that
 * also answers in-memory files of the bench and forwards /api and /Token to a real server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const HARNESS_DIST = process.env.BENCH_HARNESS_DIST ?? '/tmp/dist-bench-harness';

export async function launch(): Promise<Browser> {
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
}

/** Builds the harness page (BENCH_HARNESS_BUILD=0 reuses an earlier build). */
export function buildHarness(): void {
  if (process.env.BENCH_HARNESS_BUILD === '0' && existsSync(join(HARNESS_DIST, 'index.html'))) return;
  execFileSync('npx', ['vite', 'build', '-c', 'bench/harness/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_HARNESS_DIST: HARNESS_DIST },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

export interface Static {
  url: string;
  /** Files answered from memory at their path (e.g. a generated definition and its validators). */
  files: Map<string, string>;
  close(): Promise<void>;
}

/** Serves `dir`, the in-memory files, and forwards /api/* and /Token to `upstream` when given. */
export async function serve(dir: string, upstream?: string): Promise<Static> {
  const files = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (upstream && (path.startsWith('/api/') || path === '/Token')) {
      const target = new URL(req.url ?? '/', upstream);
      const fwd = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      fwd.on('error', (e) => {
        res.writeHead(502);
        res.end(String(e));
      });
      req.pipe(fwd);
      return;
    }
    const mem = files.get(path);
    if (mem !== undefined) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/plain' });
      res.end(mem);
      return;
    }
    const file = join(dir, normalize(path === '/' ? '/index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Opens the harness page and waits for its i18n to be ready. */
export async function openHarness(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.harness !== undefined);
  await page.evaluate(() => window.harness.ready);
  // EXTRA_CSS: a style sheet added to the page, to try layout and paint changes without a build
  if (process.env.EXTRA_CSS) await page.addStyleTag({ content: process.env.EXTRA_CSS });
  return page;
}

/** Script time (CDP Performance.getMetrics ScriptDuration, ms) spent while `run` runs. */
export async function scriptMs(page: Page, run: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  };
  const before = await read();
  await run();
  const after = await read();
  await cdp.detach();
  return after - before;
}
