/** Opens the database named by DATABASE_URL: `sqlite:PATH` (better-sqlite3, WAL) or `postgres://…` (pg Pool). */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database, SystemTables } from './types';
import { registerWriteWatch, watchedDialect, type WriteWatch } from './writeWatch';

// bigint (int8) and count(*) come back as strings by default; our ids and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

const STATEMENTS = 500;

/**
 * better-sqlite3 behind Kysely's SQLite driver, which prepares every statement again: prepared
 * statements are kept by SQL text (the last STATEMENTS used) and reused, unless one is still
 * being iterated (a streamed export). SQLite re-prepares a kept statement itself after a schema change.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const hit = kept.get(text);
      if (hit && !hit.busy) {
        // most recently used last, so the first key is the one to drop
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      const stmt = sqlite.prepare(text);
      if (hit) return stmt;
      if (kept.size >= STATEMENTS) kept.delete(kept.keys().next().value as string);
      kept.set(text, stmt);
      return stmt;
    },
  };
}

/**
 * Kysely's SQLite dialect, whose transactions start with `begin immediate`: they take the write
 * lock at once, waiting for it (busy_timeout) while another process writes. A deferred `begin`
 * reads first and, when another process wrote meanwhile, cannot turn into a writer: SQLITE_BUSY at
 * once, with no wait. Within one process nothing changes: its one connection runs one at a time.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** How long an SQLite statement waits for another connection's write lock (busy_timeout, ms). */
export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(url: string): Database {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const watch: WriteWatch = { generation: 0, tables: new Set() };
    const dialect = new ImmediateSqliteDialect({ database: reusingStatements(sqlite) });
    const db = new Kysely<SystemTables>({ dialect: watchedDialect(dialect, watch) });
    registerWriteWatch(db, watch);
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // an idle client losing its server must not crash the process; the next query reports it
    pool.on('error', () => undefined);
    // a checked-out client whose connection drops emits 'error' too; its query already fails
    pool.on('connect', (client) => client.on('error', () => undefined));
    const watch: WriteWatch = { generation: 0, tables: new Set() };
    const db = new Kysely<SystemTables>({ dialect: watchedDialect(new PostgresDialect({ pool }), watch) });
    registerWriteWatch(db, watch);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:…)`);
}

/** True when an error means the database cannot be reached (answered with 503). */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P03'].includes(code)
  )
    return true;
  if (code.startsWith('08')) return true; // PostgreSQL connection exception class
  const message = String((error as { message?: unknown }).message ?? '');
  return /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|database is locked|SQLITE_BUSY/i.test(
    message,
  );
}
