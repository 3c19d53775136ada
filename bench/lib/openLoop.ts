/**
 * Open-loop load: requests are sent at a fixed rate whatever the server answers (a slow answer
 * does not hold back the next request, as it does for a fixed number of clients), and each
 * latency is measured from the moment its request was due, so a client that fell behind counts
 * against the server (no coordinated omission). Keep-alive sockets, as many as needed.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Call {
  path: string;
  body: string;
}

export interface StepResult {
  rate: number;
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Sends `rate` requests a second for `seconds`; `next(n)` makes the n-th. */
export async function openLoop(
  base: string,
  rate: number,
  seconds: number,
  headers: Record<string, string>,
  next: (n: number) => Call,
  timeoutMs = 5000,
): Promise<StepResult> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const fire = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const { path, body } = next(n);
      const done = (good: boolean) => {
        latencies.push(performance.now() - due);
        if (good) ok++;
        else errors++;
        resolve();
      };
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          agent,
          timeout: timeoutMs,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => done((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
          res.on('error', () => done(false));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(false));
      req.end(body);
    });
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        inFlight.push(fire(sent, start + (sent * 1000) / rate));
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rate, sent, ok, errors, p50: at(0.5), p99: at(0.99) };
}

/**
 * The highest of `rates` (ascending) held for `seconds` with p99 ≤ `p99Ms` and no error; the
 * steps stop at the first one missed. 0 when even the first is missed.
 */
export async function highestRate(
  rates: number[],
  run: (rate: number) => Promise<StepResult>,
  p99Ms: number,
  log: (s: StepResult) => void,
): Promise<{ held: number; steps: StepResult[] }> {
  let held = 0;
  const steps: StepResult[] = [];
  for (const rate of rates) {
    const s = await run(rate);
    steps.push(s);
    log(s);
    if (s.errors > 0 || s.p99 > p99Ms) break;
    held = rate;
  }
  return { held, steps };
}
