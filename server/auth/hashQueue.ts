/**
 * The bounded queue of password-hash work (scrypt N=2^17 takes ~128 MB and a few hundred ms of a
 * core each). At most HASH_RUNNING derivations run at once in this process; at most HASH_WAITING
 * more wait. A derivation asked for when both are full is refused at once with HashQueueFull (429,
 * Retry-After: 1) instead of queueing behind a flood: a real user's sign-in then waits for at most
 * HASH_RUNNING + HASH_WAITING derivations, never for a whole flood.
 */
import { HttpError } from '../http/errors';

export const HASH_RUNNING = 2;
export const HASH_WAITING = 16;

export class HashQueueFull extends HttpError {
  constructor() {
    super(429, 'TooManyRequestsError', [], [], { 'Retry-After': '1' });
  }
}

let running = 0;
const waiting: (() => void)[] = [];

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Runs `work` when a slot is free; throws HashQueueFull when the queue is full. */
export async function hashWork<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_RUNNING) running++;
  else if (waiting.length < HASH_WAITING) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new HashQueueFull();
  // a slot handed over by release() keeps `running` as it is
  try {
    return await work();
  } finally {
    release();
  }
}
