/**
 * Which writes a process has made to a few watched tables, as a generation number per database:
 * a Kysely dialect wrapper looks at every statement on its way to the driver, and a write that
 * names a watched table (insert, update, delete, or any other non-select statement, raw SQL
 * included) bumps the generation once after the statement and again after the commit or rollback
 * of its transaction, so a reader that read the old row while the transaction was open does not
 * keep it. In-memory caches of those tables (server/security/accessCache.ts) compare generations.
 *
 * In a cluster (server/cluster/), `publish` is set: the tables each statement writes (any table,
 * watched or not) are gathered per transaction and, after its commit (or after an autocommitted
 * statement), handed to the other processes; the commit resolves once they have forgotten what
 * they kept of them, so the writer's answer is only sent when every process sees the write.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export interface WriteWatch {
  generation: number;
  /** Table names (lower case) whose writes bump the generation. */
  readonly tables: Set<string>;
  /** Set in a cluster: tells the other processes which tables were written ('*': maybe any). */
  publish?: (tables: string[] | '*') => Promise<void>;
  /**
   * Called once right after the next commit or rollback, before the others are told (the SQLite
   * write turn is given back there: server/db/writeBatch.ts).
   */
  onSettled?: () => void;
}

const watches = new WeakMap<object, WriteWatch>();

/** The watch of a database opened by openDatabase, or undefined (a transaction, a test's own Kysely). */
export function writeWatchOf(db: Kysely<never> | object): WriteWatch | undefined {
  return watches.get(db);
}

export function registerWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

const READ = /^\s*(select|pragma|explain)\b/i;
const WORD = /[a-z_][a-z0-9_]*/gi;

/** True when the statement may change one of `tables` (case-insensitive names in its text). */
export function writesTo(text: string, tables: Set<string>): boolean {
  if (READ.test(text)) return false;
  for (const m of text.matchAll(WORD)) if (tables.has(m[0].toLowerCase())) return true;
  return false;
}

const NOT_WRITES = /^\s*(select|pragma|explain|savepoint|release|rollback|begin|commit|end)\b/i;
const TARGET =
  /^\s*(?:insert\s+(?:or\s+[a-z]+\s+)?into|replace\s+into|update(?:\s+or\s+[a-z]+)?|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/**
 * The table a statement writes (lower case), none for reads and transaction control, or '*' when
 * it cannot tell (DDL, a WITH before the write): then the others forget everything.
 */
export function writtenTables(text: string): string[] | '*' {
  if (NOT_WRITES.test(text)) return [];
  const m = TARGET.exec(text);
  return m ? [m[1]!.toLowerCase()] : '*';
}

/** Tables written by the open transaction of each connection, told to the others at its commit. */
type Pending = WeakMap<DatabaseConnection, Set<string> | '*'>;

function gather(pending: Pending, connection: DatabaseConnection, tables: string[] | '*'): void {
  const had = pending.get(connection);
  if (had === '*') return;
  if (tables === '*') return void pending.set(connection, '*');
  if (tables.length === 0) return;
  const set = had ?? new Set<string>();
  for (const t of tables) set.add(t);
  pending.set(connection, set);
}

function watchConnection(
  connection: DatabaseConnection,
  watch: WriteWatch,
  dirty: WeakSet<DatabaseConnection>,
  pending: Pending,
  done: Pending,
  inTransaction: WeakSet<DatabaseConnection>,
): DatabaseConnection {
  return {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const writes = writesTo(compiled.sql, watch.tables);
      const told = watch.publish ? writtenTables(compiled.sql) : [];
      let result: QueryResult<R>;
      try {
        result = await connection.executeQuery<R>(compiled);
      } finally {
        if (writes) {
          watch.generation++;
          dirty.add(connection);
        }
      }
      // in a transaction: told at its commit; alone: told when the connection is given back
      if (watch.publish) gather(inTransaction.has(connection) ? pending : done, connection, told);
      return result;
    },
    streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
  };
}

/** `dialect` whose driver reports writes to `watch.tables` in `watch.generation`. */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      // the driver gets back the connection objects it handed out; ours wrap them
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const dirty = new WeakSet<DatabaseConnection>();
      const pending: Pending = new WeakMap();
      const done: Pending = new WeakMap();
      const inTransaction = new WeakSet<DatabaseConnection>();
      const savepoint = driver.savepoint?.bind(driver);
      const rollbackTo = driver.rollbackToSavepoint?.bind(driver);
      const release = driver.releaseSavepoint?.bind(driver);
      const unwrap = (c: DatabaseConnection) => inner.get(c) ?? c;
      const settle = (c: DatabaseConnection) => {
        inTransaction.delete(c);
        const settled = watch.onSettled;
        watch.onSettled = undefined;
        settled?.();
        if (!dirty.has(c)) return;
        dirty.delete(c);
        watch.generation++;
      };
      /** The tables a committed transaction wrote join those to tell when the connection is free. */
      const committed = (c: DatabaseConnection) => {
        const tables = pending.get(c);
        pending.delete(c);
        if (tables) gather(done, c, tables === '*' ? '*' : [...tables]);
      };
      return {
        init: () => driver.init(),
        async acquireConnection() {
          const c = await driver.acquireConnection();
          let w = wrapped.get(c);
          if (!w) {
            w = watchConnection(c, watch, dirty, pending, done, inTransaction);
            wrapped.set(c, w);
            inner.set(w, c);
          }
          return w;
        },
        async beginTransaction(c, settings: TransactionSettings) {
          await driver.beginTransaction(unwrap(c), settings);
          inTransaction.add(unwrap(c));
          pending.delete(unwrap(c));
        },
        async commitTransaction(c) {
          try {
            await driver.commitTransaction(unwrap(c));
          } finally {
            settle(unwrap(c));
          }
          committed(unwrap(c));
        },
        async rollbackTransaction(c) {
          try {
            await driver.rollbackTransaction(unwrap(c));
          } finally {
            settle(unwrap(c));
            // nothing of it reached the database: the others keep what they hold
            pending.delete(unwrap(c));
          }
        },
        savepoint: savepoint && ((c, name, compile) => savepoint(unwrap(c), name, compile)),
        rollbackToSavepoint: rollbackTo && ((c, name, compile) => rollbackTo(unwrap(c), name, compile)),
        releaseSavepoint: release && ((c, name, compile) => release(unwrap(c), name, compile)),
        async releaseConnection(c) {
          // the other processes are told after the connection is free (SQLite has one per
          // process: its other statements need not wait for them), before the caller goes on
          const tables = done.get(unwrap(c));
          done.delete(unwrap(c));
          await driver.releaseConnection(unwrap(c));
          if (tables && watch.publish) await watch.publish(tables === '*' ? '*' : [...tables]);
        },
        destroy: () => driver.destroy(),
      };
    },
  };
}
