/** Entry point: `tsx server/main.ts`. Configuration from the environment (server/config.ts). */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DefinitionError } from './definitions/load';

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  const app = await buildApp({ env });
  const { port, host } = app.ctx.config;
  await app.listen({ port, host });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  startServer().catch((e: unknown) => {
    if (e instanceof DefinitionError) console.error(`Bad definition: ${e.message}`);
    else console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
