/**
 * Checks of a definition's `source` declaration (runtime/shared/chain.ts, docs/chain.md), each
 * problem with its JSON path and a `designerCheck.{key}` text:
 * - on its own (chainProblems, part of safety.ts, so at start and on Plan/Publish): a lifecycle
 *   (the effect runs on Finalise and Cancel), `field` a lookup to the source's entity, `lines` a
 *   child table whose `lineLink` is an integer field and `quantity` a number field, the carried
 *   fields and `lineCost` fields of this document;
 * - against the other definitions (chainLookupProblems, at start over the files and on Publish over
 *   the registry, for the follow-on and for a source published again): the source has a lifecycle
 *   and its child table, its quantity is a number field, `fulfilled` a read-only number field of its
 *   lines, the carried fields exist on it.
 */
import type { ChildDefinition, EntityDefinition } from '../../runtime/shared/definition';
import { sourceLinesName, sourceQuantityField } from '../../runtime/shared/chain';
import { kindOf } from '../../runtime/shared/fieldKind';

export interface ChainProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const NUMBER_KINDS = new Set(['integer', 'decimal', 'money', 'percent']);

const has = (props: Record<string, unknown>, name: string) => Object.hasOwn(props, name);

/** Whether `name` is a number field of the record or child table `of`. */
const isNumber = (of: EntityDefinition | ChildDefinition, name: string) =>
  has(of.schema.properties, name) && NUMBER_KINDS.has(kindOf(of, name));

/** Problems of the declaration on its own (the definition as in force, expanded). */
export function chainProblems(def: EntityDefinition): ChainProblem[] {
  const s = def.source;
  if (!s) return [];
  const out: ChainProblem[] = [];
  const push = (path: string, key: string, params: Record<string, unknown> = {}) =>
    out.push({ path: `/source${path}`, key, params });
  if (!def.lifecycle) push('', 'chainNoLifecycle');
  const meta = has(def.fields, s.field) ? def.fields[s.field] : undefined;
  if (meta?.lookup?.entity !== s.entity) push('/field', 'chainField', { field: s.field, entity: s.entity });
  for (const [to] of Object.entries(s.carry ?? {}))
    if (!has(def.schema.properties, to)) push(`/carry/${to}`, 'chainCarryField', { field: to });
  const child = def.children && has(def.children, s.lines) ? def.children[s.lines] : undefined;
  if (!child) {
    push('/lines', 'chainLines', { table: s.lines });
    return out;
  }
  const table = s.lines;
  if (!has(child.schema.properties, s.lineLink) || kindOf(child, s.lineLink) !== 'integer')
    push('/lineLink', 'chainLineLink', { field: s.lineLink, table });
  if (!isNumber(child, s.quantity)) push('/quantity', 'chainLineNumber', { field: s.quantity, table });
  if (s.lineCost !== undefined && !isNumber(child, s.lineCost))
    push('/lineCost', 'chainLineNumber', { field: s.lineCost, table });
  for (const [to] of Object.entries(s.lineCarry ?? {}))
    if (!has(child.schema.properties, to)) push(`/lineCarry/${to}`, 'chainCarryField', { field: to });
  // what users may change of the carried values: carried fields only
  (s.editable ?? []).forEach((name, i) => {
    const [a, b] = name.split('.');
    const carried = b === undefined ? has(s.carry ?? {}, a!) : a === s.lines && has(s.lineCarry ?? {}, b);
    if (!carried) push(`/editable/${i}`, 'chainCarryField', { field: name });
  });
  return out;
}

/**
 * Problems of the source's entity (`defOf`: a definition by key, as in force, the definition itself
 * included): a document with a lifecycle, the child table, its quantity and fulfilled fields, the
 * carried fields.
 */
export function chainLookupProblems(
  def: EntityDefinition,
  defOf: (key: string) => EntityDefinition | undefined,
): ChainProblem[] {
  const s = def.source;
  if (!s) return [];
  const src = defOf(s.entity);
  if (!src) return [{ path: '/source/entity', key: 'chainEntity', params: { entity: s.entity } }];
  const out: ChainProblem[] = [];
  const push = (path: string, key: string, params: Record<string, unknown>) =>
    out.push({ path: `/source${path}`, key, params: { entity: s.entity, ...params } });
  if (!src.lifecycle) push('/entity', 'chainSourceLifecycle', {});
  for (const [to, from] of Object.entries(s.carry ?? {}))
    if (!has(src.schema.properties, from)) push(`/carry/${to}`, 'chainSourceField', { field: from });
  const table = sourceLinesName(s);
  const child = src.children && has(src.children, table) ? src.children[table] : undefined;
  if (!child) {
    push(s.sourceLines ? '/sourceLines' : '/lines', 'chainSourceLines', { table });
    return out;
  }
  const quantity = sourceQuantityField(s);
  if (!isNumber(child, quantity))
    push(s.sourceQuantity ? '/sourceQuantity' : '/quantity', 'chainSourceNumber', { field: quantity, table });
  if (!isNumber(child, s.fulfilled) || child.schema.properties[s.fulfilled]?.readOnly !== true)
    push('/fulfilled', 'chainFulfilled', { field: s.fulfilled, table });
  for (const [to, from] of Object.entries(s.lineCarry ?? {}))
    if (!has(child.schema.properties, from))
      push(`/lineCarry/${to}`, 'chainSourceField', { field: `${table}.${from}` });
  return out;
}

/** The definitions (as `all` gives them) that declare `key` as their source. */
export function followOnsOf(key: string, all: Iterable<EntityDefinition>): EntityDefinition[] {
  const out: EntityDefinition[] = [];
  for (const def of all) if (def.source?.entity === key) out.push(def);
  return out;
}
