/**
 * Messages between the primary and the server processes of a cluster (server/cluster/primary.ts,
 * peer.ts), over node:cluster's IPC channel. Every message carries `erp` so others are ignored.
 *
 * - `inv`: a process committed writes to `tables` ('*': any table); the primary hands it to every
 *   other process, which forgets what it kept of those tables and answers `ack`; once all have, the
 *   writer gets `done` and only then answers its client (so the next request, wherever it lands,
 *   sees the write).
 * - `lock` / `granted` / `unlock`: the SQLite write turn, one process at a time, first come first
 *   served, waited for without blocking the process (db/writeBatch.ts).
 */
export type Tables = string[] | '*';

export type ToPrimary =
  | { erp: 'inv'; id: number; tables: Tables }
  | { erp: 'ack'; id: string }
  | { erp: 'lock'; id: number }
  | { erp: 'unlock'; id: number };

export type ToWorker =
  { erp: 'inv'; id: string; tables: Tables } | { erp: 'done'; id: number } | { erp: 'granted'; id: number };

export function isMessage<T extends { erp: string }>(m: unknown): m is T {
  return typeof m === 'object' && m !== null && typeof (m as { erp?: unknown }).erp === 'string';
}
