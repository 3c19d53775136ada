/**
 * The real server (buildApp from server/app.ts) listening on 127.0.0.1 with a fresh SQLite file
 * or a given database URL, for tests that drive the real pipeline and catalogue against it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';

export const PASSWORD = 'Demo@1405';

export interface RealServer {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

export async function startRealServer(databaseUrl?: string): Promise<RealServer> {
  const dir = mkdtempSync(join(tmpdir(), 'erp-int-'));
  const app = await buildApp({
    logger: false,
    config: {
      databaseUrl: databaseUrl ?? `sqlite:${join(dir, 'erp.sqlite')}`,
      jwtSecret: randomBytes(32),
      demoPassword: PASSWORD,
      staticDir: join(dir, 'no-dist'),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    stop: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
