/**
 * The audit trail of entity writes: who, when, the field-level diff and the line changes of a
 * document, written in the write's transaction (read back by auditRead.ts).
 */
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import type { Lines } from './document';
import { diff, type Row } from './rows';
import type { AuditEntry, FieldDiff, LineChanges } from '../../runtime/shared/reports';

export type { AuditEntry, FieldDiff, LineChanges };

function fieldsOnly(child: Entity['children'][number], row: Row): Row {
  const out: Row = {};
  for (const name of Object.keys(child.def.schema.properties))
    if (row[name] !== undefined && row[name] !== null) out[name] = row[name];
  return out;
}

/**
 * Line changes position by position (lines are stored in order, line_no): a line at the same index
 * with other values is "changed", extra lines are "added" or "removed". Children absent from
 * `after` were not written and are left out. null when nothing changed.
 */
export function lineChanges(entity: Entity, before: Lines | null, after: Lines | null): LineChanges | null {
  const out: LineChanges = { added: [], removed: [], changed: [] };
  for (const child of entity.children) {
    const old = before?.[child.name] ?? [];
    if (after !== null && after[child.name] === undefined) continue;
    const now = after?.[child.name] ?? [];
    for (let index = 0; index < Math.max(old.length, now.length); index++) {
      const a = old[index];
      const b = now[index];
      if (a && b) {
        const d = diff(child, a, b);
        if (Object.keys(d).length) out.changed.push({ child: child.name, index, diff: d });
      } else if (b) out.added.push({ child: child.name, index, values: fieldsOnly(child, b) });
      else if (a) out.removed.push({ child: child.name, index, values: fieldsOnly(child, a) });
    }
  }
  return out.added.length + out.removed.length + out.changed.length ? out : null;
}

export async function writeAudit(
  trx: Kysely<SystemTables>,
  entity: Entity,
  user: CurrentUser | null,
  rowId: number,
  action: AuditEntry['action'],
  changes: FieldDiff,
  lines: LineChanges | null = null,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      user_id: user?.id ?? null,
      at: new Date().toISOString(),
      entity: entity.key,
      row_id: rowId,
      action,
      diff: JSON.stringify(changes),
      lines: lines ? JSON.stringify(lines) : null,
    })
    .execute();
}
