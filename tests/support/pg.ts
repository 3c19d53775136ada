/**
 * A throwaway PostgreSQL 15 for tests and benches: initdb into a temp folder, start on a free
 * loopback port with trust auth, stop and remove afterwards. initdb/postgres refuse root, so as
 * root they run as the `postgres` OS user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TempPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], asPostgres: boolean): void {
  const [file, argv] = asPostgres
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args]]
    : [join(BIN, cmd), args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startPostgres(): Promise<TempPostgres> {
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'erp-pg-'));
  const data = join(dir, 'data');
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run(
    'initdb',
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    asPostgres,
  );
  const port = await freePort();
  const conf = [
    `listen_addresses = '127.0.0.1'`,
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    `fsync = off`,
    `max_connections = 200`,
  ].join('\n');
  writeFileSync(join(data, 'postgresql.auto.conf'), `${conf}\n`);
  if (asPostgres) execFileSync('chown', ['postgres:', join(data, 'postgresql.auto.conf')]);
  const stop = async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'], asPostgres);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

/** A fresh empty database on that server; answers its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
