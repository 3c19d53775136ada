/**
 * Entry point: `tsx server/main.ts`. Configuration from the environment (server/config.ts).
 * WORKERS (server/cluster/settings.ts) server processes share the port: with more than one, this
 * process is the cluster's primary (server/cluster/primary.ts), which loads none of the server,
 * and each worker runs startServer.
 */
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { joinCluster } from './cluster/peer';
import { runPrimary } from './cluster/primary';
import { workerCount } from './cluster/settings';

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  const { buildApp } = await import('./app');
  const app = await buildApp({ env });
  const { port, host } = app.ctx.config;
  await app.listen({ port, host });
  // closes once, however many signals come (a terminal's Ctrl-C reaches a cluster's primary and
  // its workers, and the primary passes it on)
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void app.close().then(() => process.exit(0));
    });
  return app;
}

async function fail(e: unknown): Promise<never> {
  const { DefinitionError } = await import('./definitions/load');
  if (e instanceof DefinitionError) console.error(`Bad definition: ${e.message}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const workers = cluster.isPrimary ? workerCount() : 1;
    if (workers > 1) runPrimary(workers);
    else {
      joinCluster();
      startServer().catch(fail);
    }
  } catch (e: unknown) {
    void fail(e);
  }
}
