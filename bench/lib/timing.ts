/** Latency of one POST over HTTP (keep-alive), and p50/p95 of interleaved runs of two targets. */
import { percentile, round } from './results';

export interface Target {
  url: string;
  headers: Record<string, string>;
  body: (i: number) => unknown;
}

export async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ ms: number; text: string }> {
  const t = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, text };
}

export interface Latency {
  p50: number;
  p95: number;
}

/** Runs n requests on each target, alternating (same noise for both); answers their p50/p95 in ms. */
export async function interleaved(a: Target, b: Target, n: number): Promise<[Latency, Latency]> {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    ta.push((await post(a.url, a.headers, a.body(i))).ms);
    tb.push((await post(b.url, b.headers, b.body(i))).ms);
  }
  const stats = (xs: number[]): Latency => {
    const s = [...xs].sort((x, y) => x - y);
    return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)) };
  };
  return [stats(ta), stats(tb)];
}
