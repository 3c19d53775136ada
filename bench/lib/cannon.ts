/** autocannon (load generator, dev dependency) with the few types the benches use. */
import { createRequire } from 'node:module';

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** May change the request before each send. */
  setupRequest?: (req: CannonRequest) => CannonRequest;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  timeout?: number;
}

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

const load = createRequire(import.meta.url)('autocannon') as (o: CannonOptions) => Promise<CannonResult>;

export function cannon(options: CannonOptions): Promise<CannonResult> {
  return load(options);
}
