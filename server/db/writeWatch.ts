/**
 * Which writes a process has made to a few watched tables, as a generation number per database:
 * a Kysely dialect wrapper looks at every statement on its way to the driver, and a write that
 * names a watched table (insert, update, delete, or any other non-select statement, raw SQL
 * included) bumps the generation once after the statement and again after the commit or rollback
 * of its transaction, so a reader that read the old row while the transaction was open does not
 * keep it. In-memory caches of those tables (server/security/accessCache.ts) compare generations.
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

function watchConnection(
  connection: DatabaseConnection,
  watch: WriteWatch,
  dirty: WeakSet<DatabaseConnection>,
): DatabaseConnection {
  return {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const writes = writesTo(compiled.sql, watch.tables);
      try {
        return await connection.executeQuery<R>(compiled);
      } finally {
        if (writes) {
          watch.generation++;
          dirty.add(connection);
        }
      }
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
      const savepoint = driver.savepoint?.bind(driver);
      const rollbackTo = driver.rollbackToSavepoint?.bind(driver);
      const release = driver.releaseSavepoint?.bind(driver);
      const unwrap = (c: DatabaseConnection) => inner.get(c) ?? c;
      const settle = (c: DatabaseConnection) => {
        if (!dirty.has(c)) return;
        dirty.delete(c);
        watch.generation++;
      };
      return {
        init: () => driver.init(),
        async acquireConnection() {
          const c = await driver.acquireConnection();
          let w = wrapped.get(c);
          if (!w) {
            w = watchConnection(c, watch, dirty);
            wrapped.set(c, w);
            inner.set(w, c);
          }
          return w;
        },
        beginTransaction: (c, settings: TransactionSettings) => driver.beginTransaction(unwrap(c), settings),
        async commitTransaction(c) {
          try {
            await driver.commitTransaction(unwrap(c));
          } finally {
            settle(unwrap(c));
          }
        },
        async rollbackTransaction(c) {
          try {
            await driver.rollbackTransaction(unwrap(c));
          } finally {
            settle(unwrap(c));
          }
        },
        savepoint: savepoint && ((c, name, compile) => savepoint(unwrap(c), name, compile)),
        rollbackToSavepoint: rollbackTo && ((c, name, compile) => rollbackTo(unwrap(c), name, compile)),
        releaseSavepoint: release && ((c, name, compile) => release(unwrap(c), name, compile)),
        releaseConnection: (c) => driver.releaseConnection(unwrap(c)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
