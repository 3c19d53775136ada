/** Starts the real server for the whole run; the returned function is Playwright's teardown. */
import { join } from 'node:path';
import { startE2eServer } from '../support/e2eServer';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_PORT was not set by playwright.config.ts');
  const server = await startE2eServer(port);
  // workers start after this and inherit the environment: a spec that must change the server's
  // data behind its back (a tenant removed from a user) opens this SQLite file
  process.env.E2E_DATABASE_FILE = join(server.dataDir, 'e2e.sqlite');
  return () => server.stop();
}
