/** How many server processes `npm start` runs (WORKERS, docs/performance.md "Every core"). */
import { availableParallelism } from 'node:os';

/**
 * WORKERS: a whole number ≥ 1; unset or empty: one per core the machine offers
 * (os.availableParallelism()). WORKERS=1 is one process without a primary, as before clustering.
 */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.WORKERS;
  if (value === undefined || value.trim() === '') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`Invalid WORKERS (a whole number ≥ 1 expected): ${value}`);
  return n;
}

/**
 * True in the process that runs the once-per-installation timers (the attachment sweep): the only
 * process, or the first worker of a cluster (WORKER_INDEX, set by the primary).
 */
export function runsHousekeeping(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WORKER_INDEX === undefined || env.WORKER_INDEX === '1';
}
