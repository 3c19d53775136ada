/**
 * The bell's API (docs/automations.md, docs/api.md): a user reads and marks only their own
 * notifications (`user_id` = the caller; a role's notification was written per user when sent).
 * - Notifications/GetMine `{ take? }` → `{ rows: [{ id, text, entity, rowId, at, read }], unread }`
 *   newest first (at most 50), the text in the request's language;
 * - Notifications/UnreadCount → `{ unread }` (the badge; cheap enough to poll);
 * - Notifications/MarkRead `{ ids?: number[] }` → `{ unread }`: the ids given (of the caller's own;
 *   others are ignored), or all when absent.
 */
import type { FastifyInstance } from 'fastify';
import type { Untyped } from '../db/untyped';
import { businessRoute } from '../http/business';
import { badRequest } from '../http/errors';
import { NOTIFICATIONS, type NotificationRow } from './tables';

const MAX_TAKE = 50;

export interface NotificationItem {
  id: number;
  text: string;
  entity: string;
  rowId: number | null;
  at: string;
  read: boolean;
}

async function unread(db: Untyped, userId: number): Promise<number> {
  const r = (await db
    .selectFrom(NOTIFICATIONS)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst()) as { n: number | string } | undefined;
  return Number(r?.n ?? 0);
}

export async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Untyped;
  businessRoute(app, 'Notifications/GetMine', async ({ req, user, body }) => {
    const take = body.take === undefined ? MAX_TAKE : Number(body.take);
    if (!Number.isInteger(take) || take < 1) throw badRequest();
    const rows = (await db
      .selectFrom(NOTIFICATIONS)
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(Math.min(take, MAX_TAKE))
      .execute()) as NotificationRow[];
    const items: NotificationItem[] = rows.map((r) => ({
      id: Number(r.id),
      text: req.lang === 'en' ? r.text_en : r.text_fa,
      entity: r.entity,
      rowId: r.row_id === null ? null : Number(r.row_id),
      at: r.created_at,
      read: r.read_at !== null,
    }));
    return { rows: items, unread: await unread(db, user.id) };
  });
  businessRoute(app, 'Notifications/UnreadCount', async ({ user }) => ({
    unread: await unread(db, user.id),
  }));
  businessRoute(app, 'Notifications/MarkRead', async ({ user, body }) => {
    const ids = body.ids;
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > 500 || !ids.every(Number.isSafeInteger)))
      throw badRequest();
    let q = db
      .updateTable(NOTIFICATIONS)
      .set({ read_at: new Date().toISOString() })
      .where('user_id', '=', user.id)
      .where('read_at', 'is', null);
    if (Array.isArray(ids)) {
      if (ids.length === 0) return { unread: await unread(db, user.id) };
      q = q.where('id', 'in', ids as number[]);
    }
    await q.execute();
    return { unread: await unread(db, user.id) };
  });
}
