/** A real server process (tsx server/main.ts) on a given database, as tests/server/multiProcess.test.ts starts them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config';
import { freePort } from './pg';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
}

export async function startServerProcess(
  databaseUrl: string,
  env: { secret: string; password: string },
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: env.secret,
      DEMO_PASSWORD: env.password,
      STATIC_DIR: join(tmpdir(), 'no-such-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  // keep draining its output so a chatty process never blocks on a full pipe
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Ends the processes and waits for them to exit. */
export async function stopServerProcesses(procs: ServerProcess[]): Promise<void> {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
        }),
    ),
  );
}
