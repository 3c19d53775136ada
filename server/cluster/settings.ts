/** How many server processes `npm start` runs (WORKERS, docs/performance.md "Every core"). */
import { availableParallelism } from 'node:os';

/**
 * WORKERS: a whole number ≥ 1 (one process, without a primary, when 1), or `auto`: one per core the
 * machine offers (os.availableParallelism()). Unset or empty: 1 — the cluster is correct (tests)
 * but not yet shown faster on a loaded 2-core machine (docs/performance.md, «Every core»).
 */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.WORKERS?.trim();
  if (value === undefined || value === '') return 1;
  if (value === 'auto') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`Invalid WORKERS (a whole number ≥ 1 or auto expected): ${value}`);
  return n;
}

/**
 * True in the process that runs the once-per-installation timers (the attachment sweep): the only
 * process, or the first worker of a cluster (WORKER_INDEX, set by the primary).
 */
export function runsHousekeeping(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WORKER_INDEX === undefined || env.WORKER_INDEX === '1';
}
