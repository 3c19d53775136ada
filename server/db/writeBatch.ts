/**
 * Entity writes (Create/Update/Delete) on SQLite share commits (group commit): SQLite has one
 * writer and, with synchronous=FULL, every commit waits for an fsync of the WAL, the larger part of
 * a Create. Writes that arrive while a transaction is open queue up; the next transaction runs each
 * of them inside its own savepoint (one failing rolls back to its savepoint and answers its error
 * alone) and commits them together with one fsync. Each is answered only after that commit, so a
 * write is as durable as with a commit of its own. PostgreSQL, with its pool of connections and
 * its own grouping of WAL flushes, runs one transaction per write.
 *
 * In a cluster (server/cluster/) the processes on one SQLite file take turns: each shared commit
 * waits for the cluster's write turn first, without blocking its process (which goes on reading
 * and queueing more writes for that commit), instead of blocking in SQLite's busy wait.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { clusterPeer } from '../cluster/peer';
import { writeWatchOf } from './writeWatch';
import type { Dialect, SystemTables } from './types';

/** At most this many writes share one commit, so one commit never holds the database long. */
const MAX_BATCH = 64;

type Work<T> = (trx: Transaction<SystemTables>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  jobs: Job[];
  running: boolean;
}

const queues = new WeakMap<object, Queue>();

async function runJobs(db: Kysely<SystemTables>, jobs: Job[]): Promise<void> {
  const done: [Job, unknown][] = [];
  const failed = new Set<Job>();
  try {
    await db.transaction().execute(async (trx) => {
      for (const job of jobs) {
        await sql`savepoint entity_write`.execute(trx);
        let value: unknown;
        try {
          value = await job.work(trx);
        } catch (error) {
          failed.add(job);
          job.reject(error);
          await sql`rollback to entity_write`.execute(trx);
          await sql`release entity_write`.execute(trx);
          continue;
        }
        await sql`release entity_write`.execute(trx);
        done.push([job, value]);
      }
    });
  } catch (error) {
    // the transaction failed as a whole (its commit, a savepoint): none of its writes holds
    for (const job of jobs) if (!failed.has(job)) job.reject(error);
    return;
  }
  for (const [job, value] of done) job.resolve(value);
}

async function drain(db: Kysely<SystemTables>, queue: Queue): Promise<void> {
  try {
    while (queue.jobs.length) {
      const release = await clusterPeer()?.writeTurn();
      // the turn goes back at the commit, not after the others acknowledged it (writeWatch.ts)
      let given = false;
      const giveBack = () => {
        if (given) return;
        given = true;
        release?.();
      };
      const watch = writeWatchOf(db);
      if (release && watch) watch.onSettled = giveBack;
      try {
        await runJobs(db, queue.jobs.splice(0, MAX_BATCH));
      } finally {
        giveBack();
      }
    }
  } finally {
    queue.running = false;
  }
}

/** `work` in a transaction: its own on PostgreSQL, a shared commit on SQLite (see above). */
export function writeTransaction<T>(
  ctx: { db: Kysely<SystemTables>; dialect: Dialect },
  work: Work<T>,
): Promise<T> {
  if (ctx.dialect !== 'sqlite') return ctx.db.transaction().execute(work);
  let queue = queues.get(ctx.db);
  if (!queue) queues.set(ctx.db, (queue = { jobs: [], running: false }));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.jobs.push({ work, resolve: resolve as (v: unknown) => void, reject });
    if (q.running) return;
    q.running = true;
    // better-sqlite3 answers within microtasks: the first transaction waits for the requests
    // already received (the poll phase) to reach this queue, so they share its commit
    setImmediate(() => void drain(ctx.db, q));
  });
}
