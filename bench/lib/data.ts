/**
 * Databases for the benches: a SQLite file with 1,000,000 customers kept between runs
 * (BENCH_DATA, default /tmp/bench-data), and a throwaway PostgreSQL filled the same way.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { generateRows } from '../../server/demo/generate';
import type { Untyped } from '../../server/db/untyped';
import { createDatabase, startPostgres, type TempPostgres } from '../../tests/support/pg';

export const ENTITY = 'sales.customer';
export const TABLE = 'e_sales_customer';
export const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
export const DATA_DIR = process.env.BENCH_DATA ?? '/tmp/bench-data';

/** Environment of a server process of the benches (no demo volume, long tokens, no static files). */
export function serverEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_VOLUME: 'small',
    // one server process unless a bench asks for more (load.bench.ts compares 1 and 2)
    WORKERS: '1',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    ACCESS_TOKEN_TTL: '7200',
    STATIC_DIR: '/nonexistent-bench-static',
  };
}

/** Fills `url` (migrated and seeded as the server does) up to `rows` customers; answers the count. */
export async function fill(url: string, rows = ROWS): Promise<number> {
  const app = await buildApp({ logger: false, env: serverEnv(url, 0) });
  try {
    const db = app.ctx.db as unknown as Untyped;
    const count = async () =>
      Number(
        (
          (await db
            .selectFrom(TABLE)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()) as { n: unknown }
        ).n,
      );
    const have = await count();
    if (have < rows) {
      const started = Date.now();
      let last = 0;
      await generateRows(app.ctx, ENTITY, rows - have, {
        seed: 1405,
        onProgress: (done, total) => {
          if (done - last < 200_000 && done !== total) return;
          last = done;
          console.log(
            `  generating ${ENTITY}: ${done}/${total} (${Math.round((Date.now() - started) / 1000)} s)`,
          );
        },
      });
    }
    return await count();
  } finally {
    await app.close();
  }
}

export async function sqliteUrl(rows = ROWS): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const url = `sqlite:${join(DATA_DIR, `erp-${rows}.sqlite`)}`;
  if (!existsSync(url.slice(7))) console.log(`  creating ${url} (kept for the next runs)`);
  await fill(url, rows);
  return url;
}

export async function postgres(rows = ROWS): Promise<{ pg: TempPostgres; url: string }> {
  const pg = await startPostgres();
  try {
    const url = await createDatabase(pg.url, 'bench');
    await fill(url, rows);
    return { pg, url };
  } catch (e) {
    await pg.stop();
    throw e;
  }
}
