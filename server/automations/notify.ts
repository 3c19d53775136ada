/**
 * The notify action (docs/automations.md): one `notifications` row per recipient — the active users
 * of the role named, or the one user named — written in the automation's transaction.
 *
 * What a recipient may read decides its text: each `{field}` is filled only when the recipient's
 * role may view the entity and the field is not hidden from it (field permissions), and the
 * recipient is not a vendor or customer user (their row scope is one party: the server does not
 * tell them of other rows). Otherwise the placeholder shows «…». So a notification never carries a
 * value its reader could not read on the document itself.
 */
import type { Kysely } from 'kysely';
import { type Lang, localText } from '../../runtime/shared/definition';
import { fillTemplate, type NotifyAction } from '../../runtime/shared/automation';
import { formatMoney, localDigits } from '../../runtime/shared/fieldKinds/numberText';
import type { AppContext, CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { Entity } from '../definitions/registry';
import type { Row } from '../entities/rows';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { permissionsByEntity } from '../security/permissions';
import { NOTIFICATIONS } from './tables';

/** What is shown instead of a value the recipient may not read. */
export const WITHHELD = '…';

interface UserRow {
  id: number;
  username: string;
  display_name: string;
  role: string;
  is_vendor: number | boolean;
  is_customer: number | boolean;
  party_id: number | null;
}

function currentUser(u: UserRow): CurrentUser {
  return {
    id: Number(u.id),
    username: u.username,
    displayName: u.display_name,
    role: u.role,
    isVendor: Boolean(Number(u.is_vendor)),
    isCustomer: Boolean(Number(u.is_customer)),
    partyId: u.party_id === null ? null : Number(u.party_id),
    pwdChange: false,
  };
}

/** The value of `field` of `row` as text in `lang` (a lookup as its row's display text). */
async function shown(db: Untyped, ctx: AppContext, entity: Entity, row: Row, field: string, lang: Lang) {
  const v = row[field];
  if (v === null || v === undefined) return '';
  const meta = entity.def.fields[field];
  if (meta?.lookup) {
    const target = ctx.registry.byEntityKey(meta.lookup.entity);
    if (target) {
      const r = (await db
        .selectFrom(target.table)
        .select(target.def.displayField)
        .where('id', '=', Number(v))
        .executeTakeFirst()) as Row | undefined;
      if (r) return localDigits(String(r[target.def.displayField] ?? ''), lang);
    }
  }
  if (meta?.enumLabels && typeof v === 'string' && meta.enumLabels[v])
    return localText(meta.enumLabels[v], lang);
  if (typeof v === 'number') return formatMoney(v, lang);
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  return localDigits(String(v), lang);
}

/** Writes the notifications of one notify action over `row` of `entity`. Answers how many. */
export async function notify(
  ctx: AppContext,
  trx: Kysely<SystemTables>,
  entity: Entity,
  row: Row,
  automation: string,
  action: NotifyAction['notify'],
  now: Date,
): Promise<number> {
  const db = trx as unknown as Untyped;
  let q = db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'role', 'is_vendor', 'is_customer', 'party_id'])
    .where('disabled', '=', 0);
  q =
    action.role !== undefined
      ? q.where('role', '=', action.role)
      : q.where('username', '=', action.user ?? '');
  const users = (await q.execute()) as UserRow[];
  for (const u of users) {
    const user = currentUser(u);
    const view = (await permissionsByEntity(ctx, user, trx)).get(entity.key)?.view === true;
    const hidden = hiddenOf(await fieldModes(ctx, user, entity, trx));
    const readable = (f: string) => view && !user.isVendor && !user.isCustomer && !hidden.has(f);
    const text = async (lang: Lang) => {
      const template = localText(action.text, lang);
      const values = new Map<string, string>();
      for (const m of template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
        const f = m[1]!;
        if (!values.has(f))
          values.set(f, readable(f) ? await shown(db, ctx, entity, row, f, lang) : WITHHELD);
      }
      return fillTemplate(template, (f) => values.get(f) ?? WITHHELD);
    };
    await db
      .insertInto(NOTIFICATIONS)
      .values({
        user_id: user.id,
        entity: entity.key,
        // a recipient who may not view the entity gets no link to the row
        row_id: view && !user.isVendor && !user.isCustomer ? Number(row.id) : null,
        automation,
        text_fa: await text('fa'),
        text_en: await text('en'),
        created_at: now.toISOString(),
        read_at: null,
      })
      .execute();
  }
  return users.length;
}
