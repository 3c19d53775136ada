/**
 * What publishing a definition changes, against the definition in force and the stored rows:
 * added entity or fields, removed fields (rows holding a value), changed types (rows whose values
 * do not convert), label changes, anything else. Breaking: a removed field or a non-converting
 * type change that touches at least one row.
 */
import { sql } from 'kysely';
import {
  localText,
  type EntityDataSchema,
  type EntityDefinition,
  type FieldSchema,
  type Lang,
} from '../../runtime/shared/definition';
import { kindOf, type FieldKind, type KindSource } from '../../runtime/shared/fieldKind';
import type { AppContext } from '../context';
import { retypeTarget, type RetypeTarget } from '../db/retype';
import type { Untyped } from '../db/untyped';
import type { Entity } from '../definitions/registry';
import { t } from '../i18n';
import type { PlanChange } from '../../runtime/shared/plan';
import { scopeKept } from './publishAccess';

export type { PlanChange, PlanChangeKind as ChangeKind } from '../../runtime/shared/plan';

/**
 * A field whose type or kind changes: when its storage changes too, the column is kept under a new
 * name and the new column filled where values convert (publish.ts).
 */
export interface TypeChange {
  table: string;
  column: string;
  from: RetypeTarget;
  to: RetypeTarget;
  converts: boolean;
}

export interface Plan {
  changes: PlanChange[];
  breaking: boolean;
  typeChanges: TypeChange[];
}

/** Type changes every value survives. */
export function converts(from: FieldSchema['type'], to: FieldSchema['type']): boolean {
  return from === to || to === 'string' || (from === 'integer' && to === 'number');
}

const NUMBER_KINDS: readonly FieldKind[] = ['integer', 'decimal', 'money', 'percent'];

/**
 * Kind changes every value survives: to a plain text, between number kinds (a changed precision
 * rounds), or none. Any other (a text becoming a time, a list of options, an image…) may leave
 * values the new kind refuses.
 */
export function kindConverts(from: FieldKind, to: FieldKind): boolean {
  if (from === to || to === 'text' || to === 'longText') return true;
  return NUMBER_KINDS.includes(from) && NUMBER_KINDS.includes(to);
}

function kindName(target: RetypeTarget): string {
  return target.field.precision === undefined ? target.kind : `${target.kind}(${target.field.precision})`;
}

async function rowsWithValue(ctx: AppContext, table: string, column: string | null): Promise<number> {
  const db = ctx.db as unknown as Untyped;
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (column) q = q.where(sql.ref(column), 'is not', null);
  try {
    const found = (await q.executeTakeFirst()) as { n?: unknown } | undefined;
    return Number(found?.n ?? 0);
  } catch {
    return 0; // the table does not exist yet
  }
}

interface Part {
  table: string;
  prefix: string;
  before: KindSource & { schema: EntityDataSchema; fields: EntityDefinition['fields'] };
  after: KindSource & { schema: EntityDataSchema; fields: EntityDefinition['fields'] };
}

async function partChanges(ctx: AppContext, part: Part, lang: Lang, plan: Plan): Promise<void> {
  const oldProps = part.before.schema.properties;
  const newProps = part.after.schema.properties;
  for (const [name, field] of Object.entries(newProps)) {
    const label = `${part.prefix}${name}`;
    const old = oldProps[name];
    if (!old) {
      plan.changes.push({
        kind: 'addField',
        field: label,
        message: t(lang, 'plan.addField', { field: label }),
        rows: 0,
        breaking: false,
      });
      continue;
    }
    const from = retypeTarget(part.before, name);
    const to = retypeTarget(part.after, name);
    const kindChanged = kindOf(part.before, name) !== kindOf(part.after, name);
    if (old.type !== field.type || kindChanged || from.storage !== to.storage) {
      const ok = converts(old.type, field.type) && kindConverts(from.kind, to.kind);
      const rows = await rowsWithValue(ctx, part.table, name);
      const breaking = !ok && rows > 0;
      // a change within one JSON type is named by its kinds (and places: decimal(2))
      const names = old.type === field.type ? [kindName(from), kindName(to)] : [old.type, field.type];
      plan.changes.push({
        kind: 'changeType',
        field: label,
        message: t(lang, 'plan.changeType', { field: label, from: names[0], to: names[1], rows }),
        rows,
        breaking,
      });
      plan.typeChanges.push({ table: part.table, column: name, from, to, converts: ok });
    }
    const oldLabel = part.before.fields[name]?.label;
    const newLabel = part.after.fields[name]?.label;
    if (JSON.stringify(oldLabel) !== JSON.stringify(newLabel))
      plan.changes.push({
        kind: 'changeLabel',
        field: label,
        message: t(lang, 'plan.changeLabel', {
          field: label,
          from: localText(oldLabel, lang),
          to: localText(newLabel, lang),
        }),
        rows: 0,
        breaking: false,
      });
  }
  for (const name of Object.keys(oldProps)) {
    if (name in newProps) continue;
    const label = `${part.prefix}${name}`;
    const rows = await rowsWithValue(ctx, part.table, name);
    plan.changes.push({
      kind: 'removeField',
      field: label,
      message: t(lang, 'plan.removeField', { field: label, rows }),
      rows,
      breaking: rows > 0,
    });
  }
}

/**
 * A removed or changed row scope (only admin gets this far: ./publishAccess.ts): always breaking,
 * naming the roles that may view the entity and how many enabled users each has, since those
 * users gain rows of other parties or branches.
 */
async function scopeChange(
  ctx: AppContext,
  current: Entity,
  next: EntityDefinition,
  lang: Lang,
): Promise<PlanChange> {
  const roles = await ctx.db
    .selectFrom('role_permissions')
    .select('role')
    .where('entity', '=', current.key)
    .where('can_view', '=', 1)
    .execute();
  const who: string[] = [];
  for (const { role } of roles) {
    const row = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', role)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    who.push(`${role} (${Number(row?.n ?? 0)})`);
  }
  const describe = (d: EntityDefinition) =>
    [
      d.scope?.party ? `scope ${d.scope.party}/${d.scope.partyKind ?? ''}` : '',
      d.branchScoped ? 'branchScoped' : '',
    ]
      .filter(Boolean)
      .join(', ') || '-';
  return {
    kind: 'changeScope',
    message: t(lang, 'designerCheck.scopeBreaking', {
      what: `${describe(current.def)} → ${describe(next)}`,
      who: t(lang, 'designerCheck.scopeWho', { roles: who.join('، ') || '-' }),
    }),
    rows: await rowsWithValue(ctx, current.table, null),
    breaking: true,
  };
}

/** Everything but the fields themselves and the title (list, rules, menu, required, …). */
function rest(def: EntityDefinition): string {
  const strip = (part: { schema: EntityDataSchema; fields?: unknown }) => ({
    ...part,
    schema: { ...part.schema, properties: undefined },
    fields: undefined,
  });
  const children = Object.fromEntries(Object.entries(def.children ?? {}).map(([n, c]) => [n, strip(c)]));
  return JSON.stringify({ ...strip(def), title: undefined, validators: undefined, children });
}

export async function planChanges(
  ctx: AppContext,
  current: Entity | undefined,
  next: EntityDefinition,
  lang: Lang,
): Promise<Plan> {
  const plan: Plan = { changes: [], breaking: false, typeChanges: [] };
  const key = `${next.module}.${next.name}`;
  if (!current) {
    plan.changes.push({
      kind: 'addEntity',
      message: t(lang, 'plan.addEntity', { key }),
      rows: 0,
      breaking: false,
    });
    return plan;
  }
  const before = current.def;
  await partChanges(ctx, { table: current.table, prefix: '', before, after: next }, lang, plan);
  for (const [name, child] of Object.entries(next.children ?? {})) {
    const old = before.children?.[name];
    const table = `${current.table}__${name.toLowerCase()}`;
    if (!old) {
      plan.changes.push({
        kind: 'addField',
        field: name,
        message: t(lang, 'plan.addField', { field: name }),
        rows: 0,
        breaking: false,
      });
      continue;
    }
    await partChanges(ctx, { table, prefix: `${name}.`, before: old, after: child }, lang, plan);
  }
  for (const name of Object.keys(before.children ?? {})) {
    if (next.children?.[name]) continue;
    const rows = await rowsWithValue(ctx, `${current.table}__${name.toLowerCase()}`, null);
    plan.changes.push({
      kind: 'removeField',
      field: name,
      message: t(lang, 'plan.removeField', { field: name, rows }),
      rows,
      breaking: rows > 0,
    });
  }
  if (!scopeKept(before, next)) plan.changes.push(await scopeChange(ctx, current, next, lang));
  if (JSON.stringify(before.title) !== JSON.stringify(next.title))
    plan.changes.push({
      kind: 'changeLabel',
      message: t(lang, 'plan.changeTitle', {
        from: localText(before.title, lang),
        to: localText(next.title, lang),
      }),
      rows: 0,
      breaking: false,
    });
  // fields present on both sides: anything beyond type and label (format, lookup, enum, …)
  const common = Object.keys(next.schema.properties).filter((n) => n in before.schema.properties);
  const fieldsMeta = (d: EntityDefinition) =>
    JSON.stringify(
      common.map((n) => [
        { ...d.schema.properties[n], type: undefined },
        { ...d.fields[n], label: undefined },
      ]),
    );
  if (rest(before) !== rest(next) || fieldsMeta(before) !== fieldsMeta(next))
    plan.changes.push({ kind: 'other', message: t(lang, 'plan.other'), rows: 0, breaking: false });
  plan.breaking = plan.changes.some((c) => c.breaking);
  return plan;
}
