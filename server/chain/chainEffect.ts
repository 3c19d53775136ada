/**
 * The "chain" effect (server/entities/write/steps/effects.ts) of the sales and purchase chain
 * (runtime/shared/chain.ts, docs/chain.md).
 *
 * A document declaring `source`, when finalised: its source row is locked (PostgreSQL `SELECT …
 * FOR UPDATE`, in the finalise's transaction; SQLite has one writer), must be readable by the
 * finaliser (view and row scope, checked before anything of it is named) and final, its carried
 * values unchanged (but `editable` ones), each line must name a line of that source (unless `unlinkedLines`),
 * and the quantities the lines ask of each source line must not pass what is outstanding of it
 * (its quantity − its `fulfilled` field); then `fulfilled` grows by them. Two documents finalised
 * at once against one source are checked one after the other: the second reads the fulfilled
 * quantities with the first's in them. A refusal is 417 naming the item, the source line's
 * quantity, what is outstanding and what was asked; nothing of the finalisation is kept. With
 * `lineCost`, each line takes the unit cost its source line moved in stock at (a return comes in at
 * the cost it was sold at) before the stock effect, registered after this one, reads it. Cancel
 * gives the quantities back.
 *
 * A source document itself, when finalised, starts with nothing fulfilled (an amendment's copied
 * figures are cleared), and may not be cancelled while a final document made from it holds any of
 * its lines.
 */
import { type Lang, localText } from '../../runtime/shared/definition';
import {
  chainAsk,
  lineIdOf,
  milliOf,
  outstandingMilli,
  sourceLinesName,
  sourceQuantityField,
  type SourceDefinition,
} from '../../runtime/shared/chain';
import { docStateOf } from '../../runtime/shared/lifecycle';
import { sentenceQuantity } from '../../runtime/shared/fieldKinds/numberText';
import { fromMilli } from '../../runtime/shared/stock';
import type { ChildEntity, Entity } from '../definitions/registry';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { Row } from '../entities/rows';
import { findStored } from '../entities/stored';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { STOCK_ENTRIES } from '../inventory/stockTables';
import { permissionsByEntity } from '../security/permissions';

/** A refusal: 417 BusinessRuleViolated with the text `chain.{key}` in the request's language. */
export function chainError(key: string, params: (lang: Lang) => Record<string, unknown>): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `chain.${key}`, params(lang))],
  }));
}

/** The display text of row `id` of `entity` («code — name» when it has a code), or its id. */
async function rowTitle(w: WriteState, entity: Entity | undefined, id: unknown): Promise<string> {
  const n = lineIdOf(id);
  if (!entity || n === null) return String(id ?? '');
  const field = entity.def.displayField;
  const code = Object.hasOwn(entity.def.schema.properties, 'code') && field !== 'code' ? 'code' : null;
  const row = (await w.db
    .selectFrom(entity.table)
    .select(code ? [field, code] : [field])
    .where('id', '=', n)
    .executeTakeFirst()) as Row | undefined;
  const name = row?.[field];
  if (name === null || name === undefined || name === '') return String(n);
  return code && row?.[code] ? `${String(row[code])} — ${String(name)}` : String(name);
}

/** The text of a source line: its first lookup field's row (the item), else its line number. */
async function lineTitle(w: WriteState, child: ChildEntity, line: Row, row: number): Promise<string> {
  for (const [name, meta] of Object.entries(child.def.fields))
    if (meta.lookup && line[name] !== null && line[name] !== undefined)
      return rowTitle(w, w.ctx.registry.byEntityKey(meta.lookup.entity), line[name]);
  return String(row);
}

interface LockedSource {
  entity: Entity;
  child: ChildEntity;
  row: Row;
  title: string;
  /** The source's lines as stored, by id. */
  lines: Map<number, Row>;
}

/** The source row (locked until the transaction ends on PostgreSQL) and its lines. */
async function lockSource(w: WriteState, s: SourceDefinition, id: number): Promise<LockedSource> {
  const entity = w.ctx.registry.byEntityKey(s.entity);
  const child = entity?.children.find((c) => c.name === sourceLinesName(s));
  const label = (lang: Lang) => ({ label: localText(w.entity.def.fields[s.field]?.label, lang) || s.field });
  if (!entity || !child) throw chainError('sourceMissing', label);
  let q = w.db.selectFrom(entity.table).selectAll().where('id', '=', id);
  if (w.ctx.dialect === 'postgres') q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as Row | undefined;
  if (!row) throw chainError('sourceMissing', label);
  const shown = row[entity.def.displayField];
  const title = shown === null || shown === undefined || shown === '' ? `#${id}` : String(shown);
  const lines = (await w.db
    .selectFrom(child.table)
    .selectAll()
    .where('parent_id', '=', id)
    .execute()) as Row[];
  return { entity, child, row, title, lines: new Map(lines.map((l) => [Number(l.id), l])) };
}

/** Sets the fulfilled quantity of one source line (thousandths). */
async function setFulfilled(
  w: WriteState,
  src: LockedSource,
  s: SourceDefinition,
  id: number,
  milli: bigint,
): Promise<void> {
  await w.db
    .updateTable(src.child.table)
    .set({ [s.fulfilled]: fromMilli(milli) })
    .where('id', '=', id)
    .execute();
}

/** The unit cost (Rial, whole) at which source line `line` of `src` moved in stock, or null. */
async function movedUnitCost(w: WriteState, s: SourceDefinition, srcId: number, line: number) {
  const row = (await w.db
    .selectFrom(STOCK_ENTRIES)
    .select((eb) => [
      eb.fn.sum<string | number>('quantity').as('quantity'),
      eb.fn.sum<string | number>('value').as('value'),
    ])
    .where('source_entity', '=', s.entity)
    .where('source_id', '=', srcId)
    .where('source_line', '=', line)
    .executeTakeFirst()) as { quantity: unknown; value: unknown } | undefined;
  const quantity = Math.abs(Number(row?.quantity ?? 0));
  const value = Math.abs(Number(row?.value ?? 0));
  return quantity > 0 ? Math.round((value * 1000) / quantity) : null;
}

/** Whether the user finalising may read source row `id`: view of its entity and its row scope. */
async function mayReadSource(w: WriteState, entity: Entity, id: number): Promise<boolean> {
  if (!w.user || w.request.byEffect) return true;
  if (!(await permissionsByEntity(w.ctx, w.user)).get(entity.key)?.view) return false;
  return !!(await findStored(w.db, entity, w.user, id));
}

/** Two stored values alike (a number and its text, empty and null). */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    v === null || v === undefined || v === ''
      ? ''
      : typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
        ? String(Number(v))
        : typeof v === 'boolean'
          ? String(v)
          : String(v);
  return norm(a) === norm(b);
}

/**
 * The carried values (`carry`, and `lineCarry` of each linked line) are still the source's, but
 * for the fields the declaration lets users change (`editable`): a return keeps its invoice's
 * customer, items and prices whatever a client sent.
 */
function checkCarried(w: WriteState, s: SourceDefinition, src: LockedSource, lines: Row[]): void {
  const row = w.row;
  if (!row) return;
  const editable = new Set(s.editable ?? []);
  const source = src.title;
  const label = (field: string, lang: Lang, meta = w.entity.def.fields[field]) =>
    localText(meta?.label, lang) || field;
  for (const [to, from] of Object.entries(s.carry ?? {}))
    if (!editable.has(to) && !same(row[to], src.row[from]))
      throw chainError('carriedChanged', (lang) => ({ field: label(to, lang), source }));
  const child = w.entity.children.find((c) => c.name === s.lines);
  lines.forEach((line, i) => {
    const link = lineIdOf(line[s.lineLink]);
    const srcLine = link === null ? undefined : src.lines.get(link);
    if (!srcLine) return;
    for (const [to, from] of Object.entries(s.lineCarry ?? {}))
      if (!editable.has(`${s.lines}.${to}`) && !same(line[to], srcLine[from]))
        throw chainError('carriedLineChanged', (lang) => ({
          field: label(to, lang, child?.def.fields[to]),
          row: i + 1,
          source,
        }));
  });
}

/** Finalise of a document made from a source: checks and takes the quantities it asks. */
async function takeFromSource(w: WriteState, s: SourceDefinition): Promise<void> {
  const row = w.row;
  if (!row) return;
  const lines = w.lines[s.lines] ?? [];
  const ask = chainAsk(lines, s);
  const srcId = lineIdOf(row[s.field]);
  const fieldLabel = (lang: Lang) => localText(w.entity.def.fields[s.field]?.label, lang) || s.field;
  if (srcId === null) {
    const first = [...ask.bySource.values()][0];
    if (first) throw chainError('linkWithoutSource', (lang) => ({ row: first.row, label: fieldLabel(lang) }));
    if (s.required) throw chainError('sourceRequired', (lang) => ({ label: fieldLabel(lang) }));
    return;
  }
  const src = await lockSource(w, s, srcId);
  // the finaliser may read the source (its entity's view right, its row scope: a vendor its own
  // orders) before anything of it is named in a message
  if (w.user && !(await mayReadSource(w, src.entity, srcId)))
    throw chainError('sourceMissing', (lang) => ({ label: fieldLabel(lang) }));
  const source = src.title;
  if (docStateOf(src.row) !== 'final') throw chainError('sourceNotFinal', () => ({ source }));
  checkCarried(w, s, src, lines);
  if (!s.unlinkedLines && ask.unlinked.length > 0)
    throw chainError('unlinked', () => ({ row: ask.unlinked[0], source }));
  for (const [id, asked] of ask.bySource) {
    const line = src.lines.get(id);
    if (!line) throw chainError('lineOfOther', () => ({ row: asked.row, source }));
    const left = outstandingMilli(line, s);
    if (asked.milli > left) {
      const item = await lineTitle(w, src.child, line, asked.row);
      const ordered = milliOf(line[sourceQuantityField(s)]);
      throw chainError('over', (lang) => ({
        item,
        row: asked.row,
        source,
        ordered: sentenceQuantity(fromMilli(ordered), lang),
        outstanding: sentenceQuantity(fromMilli(left), lang),
        asked: sentenceQuantity(fromMilli(asked.milli), lang),
      }));
    }
  }
  for (const [id, asked] of ask.bySource)
    await setFulfilled(w, src, s, id, milliOf(src.lines.get(id)?.[s.fulfilled]) + asked.milli);
  if (s.lineCost) await setLineCosts(w, s, srcId, lines);
}

/**
 * Each linked line's `lineCost`: the unit cost its source line moved in stock at, or empty when it
 * moved none (kept on the line; whatever the draft held is overwritten).
 */
async function setLineCosts(w: WriteState, s: SourceDefinition, srcId: number, lines: Row[]) {
  const field = s.lineCost;
  const child = w.entity.children.find((c) => c.name === s.lines);
  if (!field || !child) return;
  for (const line of lines) {
    const link = lineIdOf(line[s.lineLink]);
    if (link === null) continue;
    // no stock moved for the source line: empty, the stock effect's current average (never the draft's)
    const cost = await movedUnitCost(w, s, srcId, link);
    line[field] = cost;
    const id = lineIdOf(line.id);
    if (id !== null)
      await w.db
        .updateTable(child.table)
        .set({ [field]: cost })
        .where('id', '=', id)
        .execute();
  }
}

/** Cancel of a document made from a source: gives its quantities back. */
async function giveBack(w: WriteState, s: SourceDefinition): Promise<void> {
  const row = w.row;
  const srcId = row ? lineIdOf(row[s.field]) : null;
  if (srcId === null) return;
  const src = await lockSource(w, s, srcId);
  for (const [id, asked] of chainAsk(w.lines[s.lines] ?? [], s).bySource) {
    const line = src.lines.get(id);
    if (!line) continue;
    const left = milliOf(line[s.fulfilled]) - asked.milli;
    await setFulfilled(w, src, s, id, left > 0n ? left : 0n);
  }
}

/** The declarations of the documents made from `w.entity`. */
function followOnSources(w: WriteState): { entity: Entity; source: SourceDefinition }[] {
  const out: { entity: Entity; source: SourceDefinition }[] = [];
  for (const entity of w.ctx.registry.all())
    if (entity.def.source?.entity === w.entity.key) out.push({ entity, source: entity.def.source });
  return out;
}

/** A source finalised: nothing of it is fulfilled yet (an amendment's copied figures are cleared). */
async function clearFulfilled(w: WriteState): Promise<void> {
  const id = lineIdOf(w.row?.id);
  if (id === null) return;
  for (const { source } of followOnSources(w)) {
    const child = w.entity.children.find((c) => c.name === sourceLinesName(source));
    if (child)
      await w.db
        .updateTable(child.table)
        .set({ [source.fulfilled]: 0 })
        .where('parent_id', '=', id)
        .execute();
  }
}

/** A source cancelled: refused while a final document made from it holds any of its lines. */
async function refuseInUse(w: WriteState): Promise<void> {
  const id = lineIdOf(w.row?.id);
  if (id === null) return;
  for (const { entity, source } of followOnSources(w)) {
    const child = w.entity.children.find((c) => c.name === sourceLinesName(source));
    if (!child) continue;
    const held = (await w.db
      .selectFrom(child.table)
      .select('id')
      .where('parent_id', '=', id)
      .where(source.fulfilled, '>', 0)
      .executeTakeFirst()) as Row | undefined;
    if (held) throw chainError('sourceInUse', (lang) => ({ title: localText(entity.def.title, lang) }));
  }
}

/** Registers the chain effect (idempotent); after the credit check, before the stock and posting effects. */
export function registerChainEffect(): void {
  registerEffect({
    name: 'chain',
    async onFinalise(w) {
      await clearFulfilled(w);
      if (w.entity.def.source) await takeFromSource(w, w.entity.def.source);
    },
    async onCancel(w) {
      await refuseInUse(w);
      if (w.entity.def.source) await giveBack(w, w.entity.def.source);
    },
  });
}
