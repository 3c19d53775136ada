/**
 * The lifecycle actions of a document (docs/api.md "Document lifecycle"): Finalise and Cancel are
 * Updates through the write pipeline with `transition` (every step applies: the lifecycle step
 * checks the state, numbering numbers, closed periods refuse, effects apply or reverse, audit
 * records the change of state); Amend is a Create of a draft copy of a cancelled document (its
 * lines with it, `amendedFrom` naming it, its number, workflow state and attachments cleared).
 * The route (routes.ts) has checked the permission (finalise, cancel; create for Amend); the row
 * scope applies as to any write: a row out of the caller's scope is not found.
 */
import { SYSTEM_FIELDS, type EntityDefinition } from '../../runtime/shared/definition';
import { AMENDED_FROM_FIELD, docStateOf, LIFECYCLE_FIELDS } from '../../runtime/shared/lifecycle';
import { attachmentFields } from '../attachments/cleanup';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Lang } from '../../runtime/shared/definition';
import type { Message } from '../i18n';
import type { Untyped } from '../db/untyped';
import { notFound } from '../http/errors';
import type { Lines } from './document';
import { lifecycleRefusal, stateText } from './lifecycleChecks';
import { readLines } from './lines';
import { toApiRow, type Row } from './rows';
import { findStored } from './stored';
import { runWrite } from './write/pipeline';
import type { LifecycleTransition } from '../../runtime/shared/lifecycle';

export interface LifecycleCall {
  ctx: AppContext;
  entity: Entity;
  user: CurrentUser;
  lang: Lang;
  /** Where the write leaves the warnings its answer carries (WriteRequest.notices). */
  notices?: Message[];
}

/** Finalise or Cancel the row `id` at `version`: the row as stored after the transition. */
export async function transitionRow(
  call: LifecycleCall,
  transition: LifecycleTransition,
  id: number,
  version: number,
  reason?: string,
): Promise<Row | null> {
  return runWrite(call.ctx, {
    source: 'server',
    action: 'update',
    entity: call.entity,
    user: call.user,
    lang: call.lang,
    id,
    version,
    // the lifecycle step takes the stored values and lines
    values: null,
    transition,
    ...(reason === undefined ? {} : { reason }),
    ...(call.notices ? { notices: call.notices } : {}),
  });
}

/** The field a numbering series writes (the numbering key of #23), cleared in an amendment. */
function numberedField(def: EntityDefinition): string | undefined {
  return (def as EntityDefinition & { numbering?: { field?: string } }).numbering?.field;
}

const isSystem = (name: string) => (SYSTEM_FIELDS as readonly string[]).includes(name);

/** Values of the amendment: the document's own fields but those a new draft must not inherit. */
function amendmentValues(entity: Entity, old: Row): Row {
  const def = entity.def;
  const cleared = new Set<string>([...LIFECYCLE_FIELDS, ...attachmentFields(entity)]);
  const numbered = numberedField(def);
  if (numbered) cleared.add(numbered);
  if (def.workflow) cleared.add(def.workflow.field);
  const values: Row = {};
  for (const name of Object.keys(def.schema.properties))
    if (!cleared.has(name) && !isSystem(name) && old[name] !== undefined) values[name] = old[name];
  values[AMENDED_FROM_FIELD] = Number(old.id);
  return values;
}

/** Lines of the amendment: the old lines without their ids (new lines of the new document). */
function amendmentLines(entity: Entity, lines: Lines): Lines {
  const out: Lines = {};
  for (const child of entity.children) {
    const keep = new Set(Object.keys(child.def.schema.properties));
    out[child.name] = (lines[child.name] ?? []).map((line) =>
      Object.fromEntries(Object.entries(line).filter(([k]) => keep.has(k) && !isSystem(k))),
    );
  }
  return out;
}

/** Amend the cancelled document `id`: the new draft row, with its lines. */
export async function amendRow(call: LifecycleCall, id: number): Promise<Row | null> {
  const { ctx, entity, user } = call;
  if (!entity.def.lifecycle) throw lifecycleRefusal('noLifecycle');
  const db = ctx.db as unknown as Untyped;
  const stored = await findStored(db, entity, user, id);
  if (!stored) throw notFound();
  const old = toApiRow(entity, stored);
  const state = docStateOf(old);
  // a cancelled document stays cancelled: reading it outside the write's transaction is safe
  if (state !== 'cancelled') throw lifecycleRefusal('amendNotCancelled', stateText(state));
  const lines = entity.children.length ? await readLines(db, entity, id) : {};
  return runWrite(ctx, {
    source: 'server',
    action: 'create',
    entity,
    user,
    lang: call.lang,
    values: amendmentValues(entity, old),
    lines: amendmentLines(entity, lines),
    ...(call.notices ? { notices: call.notices } : {}),
  });
}
