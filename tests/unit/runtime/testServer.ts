/** A tiny real HTTP server on 127.0.0.1 for the pipeline tests (no mocked fetch). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Seen, res: ServerResponse) => void;

export interface TestServer {
  url: string;
  seen: Seen[];
  on(path: string, handler: Handler): void;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function envelope(state: number, data: unknown, extra: Record<string, unknown> = {}) {
  return {
    State: state,
    Data: data,
    MessageTexts: [],
    ServerMessageTexts: [],
    TableMessageTexts: [],
    ...extra,
  };
}

export async function startServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const handler = handlers.get(path);
      if (handler) handler(entry, res);
      else json(res, 404, { error: 'no handler' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    on: (path, handler) => handlers.set(path, handler),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An unsigned JWT with the given claims (the client only decodes it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
}
