/**
 * Field permissions of child-table fields (document lines, docs/lowcode-api.md): a row of
 * field_permissions names one as `{child}.{field}` (e.g. `lines.unitPrice`). Pure helpers: which
 * keys a definition allows, the line fields a hidden one takes with it (computed line fields that
 * read it would show it), and lines or audited line changes without the hidden fields.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { LineChanges } from '../../runtime/shared/reports';
import { expressionInputs } from '../../runtime/shared/ruleRuns';
import type { CrossFieldRule, Expr } from '../../runtime/shared/rules';

import type { FieldMode } from '../../runtime/shared/fieldModes';

export type { FieldMode };
type Row = Record<string, unknown>;

export function childFieldKey(child: string, field: string): string {
  return `${child}.${field}`;
}

/** `{child}.{field}` split in two; null for a document field (no dot). */
export function splitChildKey(key: string): { child: string; field: string } | null {
  const dot = key.indexOf('.');
  return dot < 0 ? null : { child: key.slice(0, dot), field: key.slice(dot + 1) };
}

/** Whether a field_permissions key names a field of the definition: its own or a line field. */
export function isPermissionField(def: Pick<EntityDefinition, 'schema' | 'children'>, key: string): boolean {
  const split = splitChildKey(key);
  if (!split) return Object.hasOwn(def.schema.properties, key);
  const child =
    def.children && Object.hasOwn(def.children, split.child) ? def.children[split.child] : undefined;
  return !!child && Object.hasOwn(child.schema.properties, split.field);
}

/** Whether an expression reads any of `keys` (or data it cannot name, which might be one of them). */
export function readsAny(expr: Expr, keys: ReadonlySet<string>): boolean {
  const inputs = expressionInputs(expr);
  return inputs === null || [...inputs].some((k) => keys.has(k));
}

/** Whether a cross-field rule (its assertion or the line it blames) reads any of `keys`. */
export function ruleReads(rule: CrossFieldRule, keys: ReadonlySet<string>): boolean {
  const exprs: Expr[] = [rule.assert];
  if (rule.line) exprs.push(rule.line.index, rule.line.field);
  return exprs.some((e) => readsAny(e, keys));
}

/** Computed fields whose value comes, directly or through other computed fields, from `keys`. */
export function computedFrom(
  computed: Record<string, Expr> | undefined,
  keys: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  if (!computed || keys.size === 0) return out;
  const tainted = new Set(keys);
  for (let grew = true; grew;) {
    grew = false;
    for (const [field, expr] of Object.entries(computed)) {
      if (tainted.has(field) || !readsAny(expr, tainted)) continue;
      tainted.add(field);
      out.add(field);
      grew = true;
    }
  }
  return out;
}

/** Line fields among `keys` (`{child}.{field}`), by child name. */
export function lineFieldsOf(keys: Iterable<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of keys) {
    const split = splitChildKey(key);
    if (!split) continue;
    const set = out.get(split.child) ?? new Set<string>();
    set.add(split.field);
    out.set(split.child, set);
  }
  return out;
}

/** Line fields of each child table with the given mode, by child name. */
export function lineFieldsByMode(
  modes: ReadonlyMap<string, FieldMode>,
  mode: FieldMode,
): Map<string, Set<string>> {
  return lineFieldsOf([...modes].filter(([, m]) => m === mode).map(([k]) => k));
}

/**
 * The modes with the computed line fields that read a hidden line field hidden as well (amount =
 * quantity × unitPrice would tell the hidden unit price); the others as given.
 */
export function withDerivedHidden(
  def: Pick<EntityDefinition, 'children' | 'tax'>,
  modes: Map<string, FieldMode>,
): Map<string, FieldMode> {
  for (const [child, hidden] of lineFieldsByMode(modes, 'hidden'))
    for (const field of computedFrom(def.children?.[child]?.rules?.computed, hidden))
      modes.set(childFieldKey(child, field), 'hidden');
  // a line's VAT (and its own discount) is a share of its amount: hidden with it (docs/tax.md)
  const tax = def.tax;
  if (tax && modes.get(childFieldKey(tax.lines, tax.base)) === 'hidden') {
    modes.set(childFieldKey(tax.lines, tax.amount), 'hidden');
    if (tax.lineDiscount) modes.set(childFieldKey(tax.lines, tax.lineDiscount), 'hidden');
  }
  return modes;
}

/** A line without the given fields. */
export function stripLine(line: Row, fields: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(line)) if (!fields.has(k)) out[k] = v;
  return out;
}

/** A row's child tables without their hidden line fields (other keys as they are). */
export function stripRowLines(row: Row, hidden: ReadonlyMap<string, ReadonlySet<string>>): Row {
  let out: Row | null = null;
  for (const [child, fields] of hidden) {
    const lines = row[child];
    if (!Array.isArray(lines)) continue;
    out ??= { ...row };
    out[child] = lines.map((l: unknown) =>
      typeof l === 'object' && l !== null && !Array.isArray(l) ? stripLine(l as Row, fields) : l,
    );
  }
  return out ?? row;
}

/** Audited line changes without the hidden line fields; a change left with nothing is dropped. */
export function stripLineChanges(
  lines: LineChanges,
  hidden: ReadonlyMap<string, ReadonlySet<string>>,
): LineChanges | null {
  if (hidden.size === 0) return lines;
  const none = new Set<string>();
  const fields = (child: string) => hidden.get(child) ?? none;
  const out: LineChanges = {
    added: lines.added.map((a) => ({ ...a, values: stripLine(a.values, fields(a.child)) })),
    removed: lines.removed.map((r) => ({ ...r, values: stripLine(r.values, fields(r.child)) })),
    changed: lines.changed
      .map((c) => ({
        ...c,
        diff: stripLine(c.diff, fields(c.child)) as LineChanges['changed'][number]['diff'],
      }))
      .filter((c) => Object.keys(c.diff).length > 0),
  };
  return out.added.length + out.removed.length + out.changed.length ? out : null;
}
