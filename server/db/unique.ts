/**
 * A unique-index violation on an entity table (a field marked `unique` in its definition), read
 * from the driver's error on SQLite and PostgreSQL: the field name, or null for any other error.
 */
const ENTITY_TABLE = /^e_[a-z0-9_]+$/;

export function uniqueViolationField(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: e_sales_customer.code"
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const m = /UNIQUE constraint failed: ([a-z0-9_]+)\.([A-Za-z0-9]+)/.exec(String(e.message ?? ''));
    return m && ENTITY_TABLE.test(m[1] as string) ? (m[2] as string) : null;
  }
  // pg: 23505 unique_violation, detail "Key (code)=(C-1) already exists."
  if (e.code === '23505' && ENTITY_TABLE.test(String(e.table ?? ''))) {
    const m = /^Key \("?([A-Za-z0-9]+)"?\)=/.exec(String(e.detail ?? ''));
    return m ? (m[1] as string) : null;
  }
  return null;
}
