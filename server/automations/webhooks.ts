/**
 * Webhooks (docs/automations.md): an automation names an endpoint an admin configured in
 * security.webhookEndpoint (name, url, secret, enabled) — never a URL, so a published definition
 * cannot send data to a host of its own. The call is a row of the outbox `webhook_outbox`, written
 * in the automation's transaction (so a rolled-back write sends nothing) and delivered after
 * commit: a POST of the JSON body with the header `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of
 * the body under the endpoint's secret>` (and `X-Webhook-Delivery`: the outbox id, for the receiver
 * to drop a repeat). A 2xx answer delivers it; anything else is tried again after 30 s, 1, 2, 4, 8…
 * minutes (exponential backoff) up to MAX_ATTEMPTS, then `failed`. An endpoint missing or disabled
 * when its turn comes: `skipped`. The rows are the delivery log (security.webhookDelivery).
 * Time and fetch are injectable (tests).
 */
import { createHmac } from 'node:crypto';
import type { AppContext } from '../context';
import type { Untyped } from '../db/untyped';
import type { Row } from '../entities/rows';
import { WEBHOOK_OUTBOX, type OutboxRow } from './tables';

/** The entity of the configured endpoints (admin-only: `writes: admin`, module security). */
export const WEBHOOK_ENDPOINT_ENTITY = 'security.webhookEndpoint';
export const SIGNATURE_HEADER = 'x-webhook-signature';
export const DELIVERY_HEADER = 'x-webhook-delivery';
export const MAX_ATTEMPTS = 6;
export const BACKOFF_BASE_MS = 30_000;
const TIMEOUT_MS = 10_000;

export type Fetch = (url: string, init: RequestInit) => Promise<{ status: number }>;

export interface DeliveryOptions {
  now?: () => Date;
  fetch?: Fetch;
}

/** The signature header's value of `body` under `secret`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

/** Queues one call of `endpoint` in the transaction `db`. */
export async function enqueueWebhook(
  db: Untyped,
  call: {
    endpoint: string;
    entity: string;
    rowId: number | null;
    automation: string;
    event: string;
    payload: Row;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto(WEBHOOK_OUTBOX)
    .values({
      endpoint: call.endpoint,
      entity: call.entity,
      row_id: call.rowId,
      automation: call.automation,
      event: call.event,
      body: JSON.stringify({
        event: call.event,
        entity: call.entity,
        automation: call.automation,
        id: call.rowId,
        at: now.toISOString(),
        row: call.payload,
      }),
      status: 'pending',
      attempts: 0,
      next_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

interface Endpoint {
  url: string;
  secret: string;
}

async function endpointNamed(ctx: AppContext, name: string): Promise<Endpoint | null> {
  const entity = ctx.registry.byEntityKey(WEBHOOK_ENDPOINT_ENTITY);
  if (!entity) return null;
  const db = ctx.db as unknown as Untyped;
  const row = (await db
    .selectFrom(entity.table)
    .select(['url', 'secret', 'enabled'])
    .where('name', '=', name)
    .executeTakeFirst()) as Row | undefined;
  if (!row || !(row.enabled === true || Number(row.enabled) === 1)) return null;
  return { url: String(row.url ?? ''), secret: String(row.secret ?? '') };
}

/**
 * Delivers every due call (pending, next_at ≤ now), one after another. Each is claimed first (its
 * next_at moved past the timeout) so two runs at once do not send it twice. Answers how many were
 * tried.
 */
export async function deliverDue(ctx: AppContext, options: DeliveryOptions = {}): Promise<number> {
  const now = options.now ?? (() => new Date());
  const send: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const db = ctx.db as unknown as Untyped;
  const due = (await db
    .selectFrom(WEBHOOK_OUTBOX)
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_at', '<=', now().toISOString())
    .orderBy('id')
    .limit(100)
    .execute()) as OutboxRow[];
  let tried = 0;
  for (const call of due) {
    const claimed = await db
      .updateTable(WEBHOOK_OUTBOX)
      .set({ next_at: new Date(now().getTime() + 2 * TIMEOUT_MS).toISOString() })
      .where('id', '=', call.id)
      .where('status', '=', 'pending')
      .where('next_at', '=', call.next_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    tried++;
    const endpoint = await endpointNamed(ctx, call.endpoint);
    if (!endpoint) {
      await db
        .updateTable(WEBHOOK_OUTBOX)
        .set({ status: 'skipped', last_error: 'endpoint missing or disabled' })
        .where('id', '=', call.id)
        .execute();
      continue;
    }
    const attempts = Number(call.attempts) + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await send(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(endpoint.secret, call.body),
          [DELIVERY_HEADER]: String(call.id),
        },
        body: call.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = answer.status;
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const at = now();
    await db
      .updateTable(WEBHOOK_OUTBOX)
      .set(
        error === null
          ? {
              status: 'delivered',
              attempts,
              last_status: status,
              last_error: null,
              delivered_at: at.toISOString(),
            }
          : {
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              attempts,
              last_status: status,
              last_error: error.slice(0, 500),
              next_at: new Date(at.getTime() + backoffMs(attempts)).toISOString(),
            },
      )
      .where('id', '=', call.id)
      .execute();
  }
  return tried;
}
