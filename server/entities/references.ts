/**
 * Referential integrity of lookups, from the definitions' `lookup` declarations (header fields and
 * line fields alike), for every entity (docs/api.md, "References"):
 * - on Create/Update every lookup value must name a row of the looked-up entity that the writer
 *   may see (its row scope applies: a party user cannot point at another party's row); otherwise
 *   417 on the field, or on the line's cell. One query per looked-up entity and chunk of ids,
 *   however many lines the document has.
 * - on Delete, a row that any lookup of any entity still names is refused with 417 saying how many
 *   rows of which entity use it.
 * On PostgreSQL the referenced rows are read FOR SHARE and the deleted row is locked before the
 * count, so a concurrent Create and Delete cannot leave a reference to nothing.
 */
import { sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { localText } from '../../runtime/shared/definition';
import { MAX_ROW_ID } from '../../runtime/shared/bounds';
import { toPersianDigits } from '../../runtime/shared/normalize';
import type { ServerMessage, TableMessage } from '../../runtime/shared/envelope';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { invalid } from '../http/errors';
import { cellMessage, fieldMessage, t } from '../i18n';
import type { Untyped } from '../db/untyped';
import type { Lines } from './document';
import { businessError } from './document';
import type { Row } from './rows';
import { rowAccessCondition } from './scope';

/** Ids per `IN (...)` list: well under both databases' limits on bound parameters. */
const IDS_PER_QUERY = 5000;

/** A lookup field of an entity: on the row itself (`child` undefined) or on the lines of `child`. */
interface LookupField {
  child?: string;
  field: string;
  target: string;
}

function lookupFields(entity: Entity): LookupField[] {
  const out: LookupField[] = [];
  for (const [field, meta] of Object.entries(entity.def.fields))
    if (meta.lookup) out.push({ field, target: meta.lookup.entity });
  for (const child of entity.children)
    for (const [field, meta] of Object.entries(child.def.fields))
      if (meta.lookup) out.push({ child: child.name, field, target: meta.lookup.entity });
  return out;
}

/** The ids of `ids` that name a row of `target` visible to `user` (all ids beyond MAX_ROW_ID are missing). */
export async function existingIds(
  ctx: AppContext,
  db: Untyped,
  target: Entity,
  user: CurrentUser | null,
  ids: number[],
  /** false: the row rules of the user's roles left out (an effect's writes). */
  rules = true,
): Promise<Set<number>> {
  const found = new Set<number>();
  const asked = ids.filter((id) => id >= 1 && id <= MAX_ROW_ID);
  const scope = await rowAccessCondition(db, target, user, rules);
  for (let at = 0; at < asked.length; at += IDS_PER_QUERY) {
    let q = db
      .selectFrom(target.table)
      .select('id')
      .where('id', 'in', asked.slice(at, at + IDS_PER_QUERY));
    if (scope) q = q.where(scope);
    if (ctx.dialect === 'postgres') q = q.forShare();
    for (const r of (await q.execute()) as { id: unknown }[]) found.add(Number(r.id));
  }
  return found;
}

/**
 * 417 when a lookup value of the document (header or lines) names no row the user may see.
 * `values` and `lines` are as about to be stored; a child not in `lines` is not rewritten.
 */
export async function checkReferences(
  ctx: AppContext,
  db: Untyped,
  entity: Entity,
  user: CurrentUser | null,
  values: Row,
  lines: Lines,
  lang: Lang,
  rules = true,
): Promise<void> {
  const wanted = new Map<string, Set<number>>();
  const uses: { at: LookupField; value: number; index?: number }[] = [];
  const note = (at: LookupField, value: unknown, index?: number) => {
    if (value === undefined || value === null) return;
    // the schema made it an integer; anything else cannot name a row
    const id = typeof value === 'number' && Number.isInteger(value) ? value : 0;
    uses.push({ at, value: id, index });
    let set = wanted.get(at.target);
    if (!set) wanted.set(at.target, (set = new Set()));
    set.add(id);
  };
  for (const at of lookupFields(entity)) {
    if (at.child === undefined) note(at, values[at.field]);
    else (lines[at.child] ?? []).forEach((line, index) => note(at, line[at.field], index));
  }
  if (uses.length === 0) return;
  const found = new Map<string, Set<number>>();
  for (const [key, ids] of wanted) {
    const target = ctx.registry.byEntityKey(key);
    found.set(key, target ? await existingIds(ctx, db, target, user, [...ids], rules) : new Set());
  }
  const fields: ServerMessage[] = [];
  const cells: TableMessage[] = [];
  for (const u of uses) {
    if (found.get(u.at.target)?.has(u.value)) continue;
    if (u.at.child === undefined) fields.push(fieldMessage(lang, u.at.field, 'errors.ReferenceNotFound'));
    else cells.push(cellMessage(lang, u.at.child, u.index ?? 0, u.at.field, 'errors.ReferenceNotFound'));
  }
  if (fields.length || cells.length) throw invalid(fields, cells);
}

/**
 * 417 when rows of any entity (their own lookup fields or their lines') name row `id` of `entity`:
 * one message per using entity with the count of its rows (documents, for lines) using it.
 */
export async function checkNotReferenced(
  ctx: AppContext,
  db: Untyped,
  entity: Entity,
  id: number,
  lang: Lang,
): Promise<void> {
  // lock the row first: a Create that has read it FOR SHARE commits before the count below
  if (ctx.dialect === 'postgres')
    await db.selectFrom(entity.table).select('id').where('id', '=', id).forUpdate().execute();
  const counts = new Map<Entity, number>();
  for (const using of ctx.registry.all())
    for (const at of lookupFields(using)) {
      if (at.target !== entity.key) continue;
      const table =
        at.child === undefined ? using.table : using.children.find((c) => c.name === at.child)?.table;
      if (!table) continue;
      const counted = at.child === undefined ? sql`count(*)` : sql`count(distinct parent_id)`;
      let q = db.selectFrom(table).select(counted.as('n')).where(at.field, '=', id);
      // a tree's own parent link: the row itself does not count
      if (using === entity && at.child === undefined) q = q.where('id', '!=', id);
      const row = (await q.executeTakeFirst()) as { n?: unknown } | undefined;
      const n = Number(row?.n ?? 0);
      if (n > 0) counts.set(using, (counts.get(using) ?? 0) + n);
    }
  if (counts.size === 0) return;
  const messages = [...counts].map(([using, n]) =>
    t(lang, 'errors.RowInUse', {
      count: lang === 'fa' ? toPersianDigits(String(n)) : String(n),
      entity: localText(using.def.title, lang),
    }),
  );
  throw businessError(messages);
}
