/** Starts the real server for the whole run; the returned function is Playwright's teardown. */
import { startE2eServer } from '../support/e2eServer';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_PORT was not set by playwright.config.ts');
  const server = await startE2eServer(port);
  return () => server.stop();
}
