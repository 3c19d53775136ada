/**
 * Row rules of a role on an entity (docs/security.md "Roles and row rules"), declared as data and
 * kept by Security/RowRule/Save:
 * - `own`: rows the user created (the row's `created_by` system column);
 * - `userAttribute`: rows whose `field` equals the user's `attribute` (a user attribute set on the
 *   user, e.g. `branch` or `warehouse`, or one of the user's own fields USER_FIELDS).
 * The rules of one role on one entity are OR-ed; a role without rules on an entity sees every row
 * its permissions let it view. A user of several roles sees the union (combineRoleRules).
 * The server adds them to the WHERE of every read and write of the entity (server/security/rowRules.ts).
 */
import type { EntityDefinition } from './definition';
import type { FieldKind } from './fieldKinds/kinds';

export type RowRule = { kind: 'own' } | { kind: 'userAttribute'; field: string; attribute: string };

export const ROW_RULE_KINDS = ['own', 'userAttribute'] as const;

/** Attributes every user has, from its own record: `id` (the user's id), `partyId`. */
export const USER_FIELDS = ['id', 'partyId'] as const;

/** A user attribute's name: what Security/User/Save takes under `attributes`. */
export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** At most this many rules per role and entity (each is one OR-ed comparison). */
export const MAX_RULES = 20;

/** Field kinds a rule may compare: one stored value (no attachments, lists, long texts, amounts). */
const COMPARABLE: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'text',
  'integer',
  'enum',
  'lookup',
  'nationalCode',
  'companyId',
  'postalCode',
  'sheba',
  'mobile',
  'email',
]);
/** Widgets of fields that are no single comparable value. */
const NOT_COMPARABLE_WIDGETS = new Set(['attachments', 'image', 'textarea', 'money']);
const DATE_FORMATS = new Set(['date', 'date-time', 'time']);

/**
 * Whether a rule may compare the field: its kind one of COMPARABLE, read from the definition as
 * fieldKind.ts derives it (not imported: it would pull the kinds table out of the grid's chunk).
 */
function comparable(def: Pick<EntityDefinition, 'schema' | 'fields' | 'uiSchema'>, name: string): boolean {
  const meta = def.fields[name];
  const field = def.schema.properties[name];
  if (!meta || !field) return false;
  if (meta.kind) return COMPARABLE.has(meta.kind);
  if (meta.lookup) return true;
  const ui = def.uiSchema?.[name];
  const widget =
    typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>)['ui:widget'] : undefined;
  if (typeof widget === 'string' && NOT_COMPARABLE_WIDGETS.has(widget)) return false;
  if (field.enum) return true;
  if (field.type === 'integer') return !meta.money;
  if (field.type === 'string') return !field.format || !DATE_FORMATS.has(field.format);
  return false;
}

/** Fields of `def` a `userAttribute` rule may name: stored fields of a comparable kind. */
export function ruleFields(def: Pick<EntityDefinition, 'schema' | 'fields' | 'uiSchema'>): string[] {
  return Object.keys(def.schema.properties).filter((name) => comparable(def, name));
}

/**
 * The rules of `value` checked against `def`: the rules, or the errors (JSON paths with what is
 * wrong). Duplicates are dropped.
 */
export function parseRowRules(
  def: Pick<EntityDefinition, 'schema' | 'fields' | 'uiSchema'>,
  value: unknown,
): { rules: RowRule[]; errors: string[] } {
  const errors: string[] = [];
  if (!Array.isArray(value)) return { rules: [], errors: ['/rules: must be an array'] };
  if (value.length > MAX_RULES) errors.push(`/rules: at most ${MAX_RULES} rules`);
  const fields = new Set(ruleFields(def));
  const rules: RowRule[] = [];
  const seen = new Set<string>();
  value.forEach((r: unknown, i) => {
    const at = `/rules/${i}`;
    if (typeof r !== 'object' || r === null || Array.isArray(r))
      return errors.push(`${at}: must be an object`);
    const o = r as Record<string, unknown>;
    let rule: RowRule;
    if (o.kind === 'own') rule = { kind: 'own' };
    else if (o.kind === 'userAttribute') {
      if (typeof o.field !== 'string' || !fields.has(o.field))
        return errors.push(`${at}/field: not a comparable field of the entity`);
      if (typeof o.attribute !== 'string' || !ATTRIBUTE_NAME.test(o.attribute))
        return errors.push(`${at}/attribute: not an attribute name`);
      rule = { kind: 'userAttribute', field: o.field, attribute: o.attribute };
    } else return errors.push(`${at}/kind: one of ${ROW_RULE_KINDS.join(', ')}`);
    const key = JSON.stringify(rule);
    if (!seen.has(key)) rules.push(rule);
    seen.add(key);
  });
  return { rules, errors };
}

/**
 * The rules a user of several roles is held to on one entity, from each role's rules (null: that
 * role has none there): null (every row) when any role has none, else all the rules (OR-ed).
 */
export function combineRoleRules(perRole: readonly (readonly RowRule[] | null)[]): RowRule[] | null {
  if (perRole.length === 0 || perRole.some((r) => r === null || r.length === 0)) return null;
  return perRole.flatMap((r) => r ?? []);
}

/** Whether a row (API field values, `createdBy` its creator) passes the rules, for tests and the client. */
export function rowPasses(
  rules: readonly RowRule[] | null,
  row: Record<string, unknown>,
  user: { id: number; attributes: Record<string, string | number | null | undefined> },
): boolean {
  if (rules === null) return true;
  return rules.some((r) => {
    if (r.kind === 'own') return row.createdBy === user.id;
    const want = user.attributes[r.attribute];
    return want !== null && want !== undefined && String(row[r.field]) === String(want);
  });
}
