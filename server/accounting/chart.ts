/**
 * Reads of the chart of accounts, the detail accounts and the account settings, in the caller's
 * transaction: what a voucher line's checks (voucherRules.ts) and a posting (postingWorld.ts) need
 * to know of an account (postable? which detail groups?) and of a detail account (its group).
 * Table names follow the definitions' keys (registry.ts tableName), so nothing here depends on
 * the registry in force beyond those keys.
 */
import {
  ACCOUNT_ENTITY,
  DETAIL_ACCOUNT_ENTITY,
  DETAIL_GROUP_ENTITY,
} from '../../runtime/shared/detailAccount';
import { tableName } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { SETTINGS_ENTITY } from '../entities/gates';

const tableOf = (key: string) => {
  const [module = '', name = ''] = key.split('.');
  return tableName({ module, name });
};

export const ACCOUNT_TABLE = tableOf(ACCOUNT_ENTITY);
export const DETAIL_ACCOUNT_TABLE = tableOf(DETAIL_ACCOUNT_ENTITY);
export const DETAIL_GROUP_TABLE = tableOf(DETAIL_GROUP_ENTITY);
export const SETTINGS_TABLE = tableOf(SETTINGS_ENTITY);

/** The level of the accounts vouchers post to (معین). */
export const POSTABLE_LEVEL = 3;

export interface AccountInfo {
  id: number;
  code: string;
  name: string;
  level: number;
  active: boolean;
  /** Detail groups (accounting.detailGroup ids) a line of this account requires, level 1 then 2. */
  detailGroups: [number | null, number | null];
}

export interface DetailInfo {
  id: number;
  code: string;
  name: string;
  group: number;
  active: boolean;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

function toAccount(r: Record<string, unknown>): AccountInfo {
  return {
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    level: Number(r.level),
    // a stored row without a value was written before `active` existed: active
    active: r.active === null || r.active === undefined ? true : bool(r.active),
    detailGroups: [num(r.detail1Group), num(r.detail2Group)],
  };
}

const ACCOUNT_COLUMNS = ['id', 'code', 'name', 'level', 'active', 'detail1Group', 'detail2Group'];

/** Ids per IN list (well under both databases' limits on bound parameters). */
const CHUNK = 5000;

async function inChunks<T>(values: readonly T[], read: (part: T[]) => Promise<void>): Promise<void> {
  const unique = [...new Set(values)];
  for (let at = 0; at < unique.length; at += CHUNK) await read(unique.slice(at, at + CHUNK));
}

/** Accounts by id (those that exist). */
export async function accountsById(db: Untyped, ids: readonly number[]): Promise<Map<number, AccountInfo>> {
  const out = new Map<number, AccountInfo>();
  await inChunks(ids, async (part) => {
    const rows = (await db
      .selectFrom(ACCOUNT_TABLE)
      .select(ACCOUNT_COLUMNS)
      .where('id', 'in', part)
      .execute()) as Record<string, unknown>[];
    for (const r of rows) out.set(Number(r.id), toAccount(r));
  });
  return out;
}

/** Accounts by code (those that exist). */
export async function accountsByCode(
  db: Untyped,
  codes: readonly string[],
): Promise<Map<string, AccountInfo>> {
  const out = new Map<string, AccountInfo>();
  await inChunks(codes, async (part) => {
    const rows = (await db
      .selectFrom(ACCOUNT_TABLE)
      .select(ACCOUNT_COLUMNS)
      .where('code', 'in', part)
      .execute()) as Record<string, unknown>[];
    for (const r of rows) out.set(String(r.code), toAccount(r));
  });
  return out;
}

/** Detail accounts by id (those that exist). */
export async function detailsById(db: Untyped, ids: readonly number[]): Promise<Map<number, DetailInfo>> {
  const out = new Map<number, DetailInfo>();
  await inChunks(ids, async (part) => {
    const rows = (await db
      .selectFrom(DETAIL_ACCOUNT_TABLE)
      .select(['id', 'code', 'name', 'detailGroup', 'active'])
      .where('id', 'in', part)
      .execute()) as Record<string, unknown>[];
    for (const r of rows)
      out.set(Number(r.id), {
        id: Number(r.id),
        code: String(r.code),
        name: String(r.name),
        group: Number(r.detailGroup),
        active: r.active === null || r.active === undefined ? true : bool(r.active),
      });
  });
  return out;
}

/** Detail groups' names by id, for messages. */
export async function detailGroupNames(db: Untyped, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  await inChunks(ids, async (part) => {
    const rows = (await db
      .selectFrom(DETAIL_GROUP_TABLE)
      .select(['id', 'name'])
      .where('id', 'in', part)
      .execute()) as { id: unknown; name: unknown }[];
    for (const r of rows) out.set(Number(r.id), String(r.name));
  });
  return out;
}

/** The id of the detail group of `code` (null when there is none). */
export async function detailGroupId(db: Untyped, code: string): Promise<number | null> {
  const row = (await db
    .selectFrom(DETAIL_GROUP_TABLE)
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst()) as { id: unknown } | undefined;
  return row ? Number(row.id) : null;
}

/** Values of settings rows by key (those that exist). */
export async function settingValues(db: Untyped, keys: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await inChunks(keys, async (part) => {
    const rows = (await db
      .selectFrom(SETTINGS_TABLE)
      .select(['key', 'value'])
      .where('key', 'in', part)
      .execute()) as { key: unknown; value: unknown }[];
    for (const r of rows) out.set(String(r.key), r.value === null ? '' : String(r.value).trim());
  });
  return out;
}
