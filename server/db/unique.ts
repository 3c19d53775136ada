/**
 * A unique-index violation on an entity table (a field marked `unique` in its definition, alone or
 * per its `uniqueScope`), read
 * from the driver's error on SQLite and PostgreSQL: the field name, or null for any other error.
 */
const ENTITY_TABLE = /^e_[a-z0-9_]+$/;

export function uniqueViolationField(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  // the field is the index's last column: a unique scope's fields come first (db/entityTables.ts)
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: e_sales_customer.branch, e_sales_customer.code"
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const m = /UNIQUE constraint failed: (.+)$/.exec(String(e.message ?? ''));
    const last = m?.[1]?.split(', ').pop() ?? '';
    const col = /^([a-z0-9_]+)\.([A-Za-z0-9]+)$/.exec(last);
    return col && ENTITY_TABLE.test(col[1] as string) ? (col[2] as string) : null;
  }
  // pg: 23505 unique_violation, detail "Key (branch, code)=(1, C-1) already exists."
  if (e.code === '23505' && ENTITY_TABLE.test(String(e.table ?? ''))) {
    const m = /^Key \(([^)]*)\)=/.exec(String(e.detail ?? ''));
    const col = /^"?([A-Za-z0-9]+)"?$/.exec(m?.[1]?.split(', ').pop() ?? '');
    return col ? (col[1] as string) : null;
  }
  return null;
}
