/**
 * Migration 0007_scrub_temporary_passwords: before temporaryPassword became a secret field
 * (server/entities/secrets.ts), a Create, or an Update not set to approved, stored its plaintext in
 * e_security_passwordresetrequest and in the audit trail. This empties that column and takes the
 * field out of every audit diff of the entity. Runs once; a fresh database has nothing to clean.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations must accept any database shape: the Migrator passes an untyped Kysely.
type AnyDb = Kysely<unknown>;
// the entity table exists only at run time, so its query is untyped
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

const TABLE = 'e_security_passwordresetrequest';
const FIELD = 'temporaryPassword';
const ENTITY = 'security.passwordResetRequest';

export const scrubTemporaryPasswords: Migration = {
  // what it removed is gone for good; running it again after a down is harmless
  async down() {},
  async up(anyDb: AnyDb) {
    const db = anyDb as unknown as Untyped;
    const tables = await anyDb.introspection.getTables();
    const table = tables.find((t) => t.name === TABLE);
    if (table?.columns.some((c) => c.name === FIELD))
      await db
        .updateTable(TABLE)
        .set({ [FIELD]: null })
        .where(FIELD, 'is not', null)
        .execute();
    if (!tables.some((t) => t.name === 'audit_log')) return;
    const entries = await db
      .selectFrom('audit_log')
      .select(['id', 'diff'])
      .where('entity', '=', ENTITY)
      .where('diff', 'like', `%${FIELD}%`)
      .execute();
    for (const entry of entries) {
      const diff = JSON.parse(String(entry.diff)) as Record<string, unknown>;
      delete diff[FIELD];
      await db
        .updateTable('audit_log')
        .set({ diff: JSON.stringify(diff) })
        .where('id', '=', entry.id as number)
        .execute();
    }
  },
};
