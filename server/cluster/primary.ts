/**
 * The primary of `npm start` with WORKERS > 1: it opens no database and serves no request. It
 * forks the first server process alone (it migrates, creates the tables and seeds, as one process
 * would), then the others once the first listens (their start finds all done). node:cluster hands
 * the connections of the one port to the processes in turn. The primary relays the cache
 * invalidations and keeps the SQLite write turn (protocol.ts). A process that dies after it
 * started is replaced; one that dies while starting stops the whole server (a bad definition, a
 * database out of reach: starting it again would fail again).
 */
import cluster, { type Worker } from 'node:cluster';
import { isMessage, type ToPrimary, type ToWorker } from './protocol';

interface Broadcast {
  origin: Worker;
  id: number;
  waiting: Set<number>;
}

export function runPrimary(count: number, log: (line: string) => void = (l) => console.log(l)): void {
  const started = new Set<number>();
  const broadcasts = new Map<string, Broadcast>();
  /** The write turn: its holder (worker id and its request id) and those waiting, in order. */
  let holder: { worker: number; id: number } | null = null;
  const waiting: { worker: number; id: number }[] = [];
  let stopping = false;
  let nextKey = 0;
  let othersForked = false;
  let announced = false;

  const send = (w: Worker | undefined, m: ToWorker) => {
    if (w && w.isConnected()) w.send(m);
  };
  const finish = (key: string, b: Broadcast) => {
    broadcasts.delete(key);
    send(b.origin, { erp: 'done', id: b.id });
  };
  const grantNext = () => {
    while (!holder && waiting.length) {
      const next = waiting.shift()!;
      const w = cluster.workers?.[next.worker];
      if (!w || !w.isConnected()) continue;
      holder = next;
      send(w, { erp: 'granted', id: next.id });
    }
  };

  const onMessage = (worker: Worker, m: unknown) => {
    if (!isMessage<ToPrimary>(m)) return;
    if (m.erp === 'inv') {
      const key = String(nextKey++);
      const others = Object.values(cluster.workers ?? {}).filter(
        // starting ones too: their peer answers from the first moment (peer.ts)
        (w): w is Worker => !!w && w.id !== worker.id && w.isConnected(),
      );
      const b: Broadcast = { origin: worker, id: m.id, waiting: new Set(others.map((w) => w.id)) };
      broadcasts.set(key, b);
      for (const w of others) send(w, { erp: 'inv', id: key, tables: m.tables });
      if (b.waiting.size === 0) finish(key, b);
    } else if (m.erp === 'ack') {
      const b = broadcasts.get(m.id);
      if (!b) return;
      b.waiting.delete(worker.id);
      if (b.waiting.size === 0) finish(m.id, b);
    } else if (m.erp === 'lock') {
      waiting.push({ worker: worker.id, id: m.id });
      grantNext();
    } else if (m.erp === 'unlock') {
      if (holder && holder.worker === worker.id && holder.id === m.id) holder = null;
      grantNext();
    }
  };

  /** A process gone: it acknowledges nothing more and holds no write turn. */
  const forget = (id: number) => {
    for (const [key, b] of broadcasts) {
      if (b.origin.id === id) broadcasts.delete(key);
      else if (b.waiting.delete(id) && b.waiting.size === 0) finish(key, b);
    }
    for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!.worker === id) waiting.splice(i, 1);
    if (holder?.worker === id) holder = null;
    grantNext();
  };

  const fork = (index: number): Worker => {
    const w = cluster.fork({ WORKER_INDEX: String(index) });
    w.on('message', (m: unknown) => onMessage(w, m));
    w.once('listening', () => {
      started.add(w.id);
      if (started.size === count && !announced) {
        announced = true;
        log(`all ${count} server processes listening`);
      }
      if (othersForked || stopping) return;
      othersForked = true;
      for (let i = 2; i <= count; i++) fork(i);
    });
    w.once('exit', (code, signal) => {
      const wasStarted = started.delete(w.id);
      forget(w.id);
      if (stopping) return;
      if (!wasStarted) {
        log(`server process ${index} stopped while starting (${signal ?? code}): stopping`);
        stop(1);
        return;
      }
      log(`server process ${index} (pid ${w.process.pid}) exited (${signal ?? code}): starting another`);
      fork(index);
    });
    return w;
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (alive.length === 0) process.exit(code);
    let left = alive.length;
    for (const w of alive) {
      w.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      w.process.kill('SIGTERM');
    }
    // a process that does not close in time is ended
    setTimeout(() => {
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, 10_000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

  log(`starting ${count} server processes`);
  fork(1);
}
