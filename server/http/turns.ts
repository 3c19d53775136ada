/**
 * One request handler started per turn of the event loop. better-sqlite3 runs every query on the
 * loop, and Node accepts new connections about once per turn: when a poll delivers hundreds of
 * requests and each runs its SQL at once, one turn lasts as long as all of them together, and new
 * connections wait in the kernel's accept queue meanwhile (docs/performance.md). Handlers wait here,
 * in arrival order, and each check phase starts one, so the loop turns between requests: connections
 * are accepted and requests parsed while others wait, and the wait is first come, first served.
 */
const waiting: (() => void)[] = [];
let running = false;

function step(): void {
  const next = waiting.shift();
  if (!next) {
    running = false;
    return;
  }
  next();
  setImmediate(step);
}

/** Resolves when this request's turn comes (at once on an idle server: the next check phase). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (running) return;
    running = true;
    setImmediate(step);
  });
}
