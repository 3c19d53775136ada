/**
 * The app's part in a cluster (peer.ts): its database tells the other processes what it wrote,
 * and what the others wrote is forgotten here — the access caches (security/accessCache.ts, by the
 * write watch's generation, also the registry's reload check, lowcode/plugin.ts) and the row
 * counts (entities/countCache.ts). Called right after the database opens, so the start's writes
 * are told too. WORKER_PID_HEADER=1 (tests only) names the answering process in `x-server-pid`.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { writeWatchOf } from '../db/writeWatch';
import { invalidateForeign } from '../entities/countCache';
import { clusterPeer } from './peer';
import type { Tables } from './protocol';

export function joinDatabase(db: Kysely<never> | object): void {
  const peer = clusterPeer();
  const watch = writeWatchOf(db);
  if (!peer || !watch) return;
  watch.publish = (tables) => peer.publish(tables);
  peer.onForeignWrite((tables: Tables) => {
    if (tables === '*' || tables.some((t) => watch.tables.has(t))) watch.generation++;
    invalidateForeign(tables);
  });
}

export function installPidHeader(app: FastifyInstance, env: NodeJS.ProcessEnv): void {
  if (env.WORKER_PID_HEADER !== '1') return;
  const pid = String(process.pid);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-server-pid', pid);
  });
}
