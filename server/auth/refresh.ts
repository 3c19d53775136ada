/**
 * Opaque refresh tokens, stored hashed, in families. Rotation: each use marks the token used and
 * issues a new one in the same family; a used token presented again revokes the whole family.
 * All state is in the database, so several server processes agree.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/types';

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Kysely<SystemTables>,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hash(token),
      family_id: familyId,
      user_id: userId,
      expires_at: now + ttlSeconds * 1000,
      used_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

export type RotateResult = { ok: true; userId: number; familyId: string } | { ok: false };

/** Marks the token used (atomically); on reuse of a used token revokes its family. */
export async function consumeRefreshToken(db: Kysely<SystemTables>, token: string): Promise<RotateResult> {
  const tokenHash = hash(token);
  const now = Date.now();
  const updated = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'family_id'])
    .executeTakeFirst();
  if (updated) return { ok: true, userId: Number(updated.user_id), familyId: updated.family_id };
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row && row.used_at !== null) await revokeFamily(db, row.family_id);
  return { ok: false };
}

export async function revokeFamily(db: Kysely<SystemTables>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: Date.now() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the family of a token; unknown tokens are ignored. */
export async function revokeToken(db: Kysely<SystemTables>, token: string): Promise<void> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}

export async function revokeUserTokens(
  db: Kysely<SystemTables>,
  userId: number,
  keepFamily?: string,
): Promise<void> {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: Date.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamily) q = q.where('family_id', '<>', keepFamily);
  await q.execute();
}
