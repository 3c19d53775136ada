/** Starts one throwaway PostgreSQL 15 for the server suite; each test file creates its own database on it. */
import type { TestProject } from 'vitest/node';
import { startPostgres, type TempPostgres } from '../support/pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

let server: TempPostgres | undefined;

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  server = await startPostgres();
  project.provide('pgUrl', server.url);
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  process.once('exit', () => void stop());
  return stop;
}
