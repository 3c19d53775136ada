/**
 * The server process's side of a cluster (protocol.ts): it tells the others what it wrote and
 * waits until they forgot what they kept of it; it forgets what the others wrote; it takes the
 * SQLite write turn. Outside a cluster (WORKERS=1, tests building the app in-process) there is no
 * peer and nothing of this runs.
 */
import cluster from 'node:cluster';
import { isMessage, type Tables, type ToPrimary, type ToWorker } from './protocol';

/** A write is answered after this long at most, even if another process does not acknowledge. */
const ACK_WAIT_MS = 2000;

export interface Peer {
  /** Resolves once every other process has forgotten what it kept of `tables`. */
  publish(tables: Tables): Promise<void>;
  /** Resolves when this process has the write turn; `release` gives it back. */
  writeTurn(): Promise<() => void>;
  /** What to forget when another process wrote (the app registers it once it is built). */
  onForeignWrite(handler: (tables: Tables) => void): void;
}

let peer: Peer | null = null;

/** The peer of this process, or null outside a cluster. */
export function clusterPeer(): Peer | null {
  return peer;
}

/** Joins the cluster when this process is one of its workers (main.ts, before building the app). */
export function joinCluster(): Peer | null {
  if (!cluster.isWorker || peer) return peer;
  let nextId = 0;
  const pending = new Map<number, () => void>();
  let handler: ((tables: Tables) => void) | null = null;
  const send = (m: ToPrimary) => {
    if (process.connected) process.send?.(m);
  };
  // the primary gone (killed): nothing more to wait for from it (no other process is left to
  // tell, no turn to share); close as on SIGTERM (main.ts), unless that is under way already
  process.once('disconnect', () => {
    for (const go of pending.values()) go();
    pending.clear();
    process.emit('SIGTERM');
  });
  process.on('message', (m: unknown) => {
    if (!isMessage<ToWorker>(m)) return;
    if (m.erp === 'inv') {
      // before the app is built nothing is kept, so there is nothing to forget
      handler?.(m.tables);
      send({ erp: 'ack', id: m.id });
    } else {
      pending.get(m.id)?.();
      pending.delete(m.id);
    }
  });
  const ask = (m: (id: number) => ToPrimary, wait: number | null) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      if (!process.connected) return resolve(id);
      const timer = wait === null ? null : setTimeout(() => pending.delete(id) && resolve(id), wait);
      pending.set(id, () => {
        if (timer) clearTimeout(timer);
        resolve(id);
      });
      send(m(id));
    });
  peer = {
    publish: async (tables) => {
      if (tables !== '*' && tables.length === 0) return;
      await ask((id) => ({ erp: 'inv', id, tables }), ACK_WAIT_MS);
    },
    writeTurn: async () => {
      const id = await ask((i) => ({ erp: 'lock', id: i }), null);
      return () => send({ erp: 'unlock', id });
    },
    onForeignWrite: (h) => {
      handler = h;
    },
  };
  return peer;
}
