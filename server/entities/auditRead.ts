/**
 * {Module}/{Entity}/GetAudit: the audit entries of one record (docs/lowcode-api.md, Audit), without
 * the fields (and line fields) hidden from the caller's role.
 */
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { notFound } from '../http/errors';
import { partyKind } from '../security/permissions';
import { rowRulesFor } from '../security/rowRules';
import { scopedFor } from '../../runtime/shared/scope';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { lineFieldsOf, stripLineChanges } from '../security/lineFields';
import type { Lang } from '../../runtime/shared/definition';
import type { AuditEntry, FieldDiff, LineChanges } from '../../runtime/shared/reports';
import { countRows, listQuery } from './listQuery';

function withoutHidden(d: FieldDiff, hidden: Set<string>): FieldDiff {
  return Object.fromEntries(Object.entries(d).filter(([k]) => !hidden.has(k)));
}

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** {Module}/{Entity}/GetAudit: the record's audit entries, newest first (caller has `view`). */
export async function readAudit(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  id: number,
  lang: Lang,
): Promise<AuditEntry[]> {
  // a vendor/customer, or a user held by row rules, reads the history of rows it may read only
  // (and never of deleted ones)
  const kind = partyKind(user);
  if (scopedFor(entity.def, kind) || (await rowRulesFor(ctx.db, entity, user))) {
    const q = await listQuery(
      ctx,
      entity,
      user,
      { filterModel: { id: { filterType: 'number', filter: id } } },
      lang,
    );
    if ((await countRows(ctx, entity, q)) === 0) throw notFound();
  }
  const rows = await ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.user_id', 'u.display_name', 'a.action', 'a.diff', 'a.lines'])
    .where('a.entity', '=', entity.key)
    .where('a.row_id', '=', id)
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  const hiddenLines = lineFieldsOf(hidden);
  return rows.map((r) => {
    const entry: AuditEntry = {
      at: String(r.at),
      user: r.user_id === null ? null : { id: Number(r.user_id), displayName: String(r.display_name ?? '') },
      action: r.action as AuditEntry['action'],
      diff: withoutHidden(parse<FieldDiff>(r.diff, {}), hidden),
    };
    const stored = parse<LineChanges | null>(r.lines, null);
    const lines = stored && stripLineChanges(stored, hiddenLines);
    if (lines) entry.lines = lines;
    return entry;
  });
}
