/**
 * Who may publish what (docs/lowcode-api.md, "What a designer may publish"). Admin may publish
 * anything. Anyone else with the designer:
 * - not in an admin-only module (security), nor on an entity it may not view, nor a new entity in
 *   a module of whose entities it may view none;
 * - no expression or setting that reads a field hidden for its role (field permissions), no lookup
 *   to an entity it may not view or shown by a field hidden for it there, and while a field is
 *   hidden for it no expression that reads a computed field name or the whole data. What the
 *   definition in force has at the same JSON path, unchanged, stays allowed (it adds no read);
 * - no removal or change of the row scope (`scope`, `branchScoped`) of the definition in force.
 * Every problem carries the JSON path inside the definition.
 */
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { Expr, RuleSet } from '../../runtime/shared/rules';
import type { AppContext, CurrentUser } from '../context';
import { entityKey, type Entity } from '../definitions/registry';
import { t } from '../i18n';
import { declaredPostings } from '../definitions/postingCheck';
import { automationExpressions } from '../../runtime/shared/automationCheck';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { permissionsByEntity } from '../security/permissions';

export interface AccessProblem {
  path: string;
  message: string;
}

/** Modules only an administrator may publish in. */
export const ADMIN_ONLY_MODULES: ReadonlySet<string> = new Set(['security']);

/** A place of the definition that reads fields: what it reads and whether it reads unnamed data. */
interface Read {
  path: string;
  node: unknown;
  fields: Set<string>;
  opaque: boolean;
}

/** Field keys an expression may read: every segment of every variable name, as a field of the
 * document and of each child table (`{child}.{field}`); opaque when a name is computed or empty. */
function exprRead(path: string, expr: Expr | undefined, children: string[], child?: string): Read | null {
  if (expr === undefined) return null;
  const read: Read = { path, node: expr, fields: new Set(), opaque: false };
  const name = (n: unknown): void => {
    if (typeof n === 'number') return;
    if (typeof n !== 'string' || n === '') {
      read.opaque = true;
      return;
    }
    for (const part of n.split('.')) {
      if (/^\d+$/.test(part)) continue;
      if (child) read.fields.add(`${child}.${part}`);
      else {
        read.fields.add(part);
        for (const c of children) read.fields.add(`${c}.${part}`);
      }
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [op, raw] of Object.entries(node)) {
      const args: unknown[] = Array.isArray(raw) ? raw : [raw];
      if (op === 'var') {
        name(args[0]);
        args.slice(1).forEach(visit);
      } else if (op === 'missing') {
        const list = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
        list.forEach(name);
      } else if (op === 'missing_some') {
        visit(args[0]);
        if (Array.isArray(args[1])) args[1].forEach(name);
        else read.opaque = true;
      } else visit(raw);
    }
  };
  visit(expr);
  return read;
}

function ruleSetReads(at: string, set: RuleSet | undefined, children: string[], child?: string): Read[] {
  if (!set) return [];
  const out: (Read | null)[] = [];
  for (const [f, expr] of Object.entries(set.computed ?? {}))
    out.push(exprRead(`${at}/computed/${f}`, expr, children, child));
  (set.rules ?? []).forEach((rule, i) => {
    out.push(exprRead(`${at}/rules/${i}/assert`, rule.assert, children, child));
    out.push(exprRead(`${at}/rules/${i}/line/index`, rule.line?.index, children, child));
    out.push(exprRead(`${at}/rules/${i}/line/field`, rule.line?.field, children, child));
    // a broken rule's message shows its values
    for (const [name, expr] of Object.entries(rule.params ?? {}))
      out.push(exprRead(`${at}/rules/${i}/params/${name}`, expr, children, child));
  });
  for (const [f, c] of Object.entries(set.conditions ?? {}))
    for (const state of ['visible', 'required', 'readOnly'] as const)
      out.push(exprRead(`${at}/conditions/${f}/${state}`, c[state], children, child));
  for (const [f, expr] of Object.entries(set.defaults ?? {}))
    out.push(exprRead(`${at}/defaults/${f}`, expr, children, child));
  return out.filter((r): r is Read => r !== null);
}

/** Every place of the definition that names fields of its own entity. */
function reads(def: EntityDefinition): Read[] {
  const children = Object.keys(def.children ?? {});
  const named = (path: string, field: string): Read => ({
    path,
    node: field,
    fields: new Set([field]),
    opaque: false,
  });
  const out = [named('/displayField', def.displayField)];
  // list columns are not reads: every answer drops the fields hidden for whoever asks; a default
  // sort is (the order of the rows tells the hidden values)
  (def.list.defaultSort ?? []).forEach((s, i) => out.push(named(`/list/defaultSort/${i}/colId`, s.colId)));
  if (def.list.tree) {
    out.push(named('/list/tree/parentField', def.list.tree.parentField));
    out.push(named('/list/tree/levelField', def.list.tree.levelField));
  }
  out.push(...ruleSetReads('/rules', def.rules, children));
  for (const [name, child] of Object.entries(def.children ?? {}))
    out.push(...ruleSetReads(`/children/${name}/rules`, child.rules, children, name));
  out.push(...postingReads(def, children, named));
  // the workflow's conditions: which transitions a row has would tell the values they read
  (def.workflow?.initialWhen ?? []).forEach((e, i) => {
    const read = exprRead(`/workflow/initialWhen/${i}/when`, e.when, children);
    if (read) out.push(read);
  });
  def.workflow?.transitions.forEach((tr, i) => {
    const read = exprRead(`/workflow/transitions/${i}/when`, tr.when, children);
    if (read) out.push(read);
  });
  // a credit check's refusal tells the document's amount (docs/credit.md)
  const credit = def.credit;
  if (credit) {
    out.push(named('/credit/party', credit.party));
    const amount =
      typeof credit.amount === 'string'
        ? named('/credit/amount', credit.amount)
        : exprRead('/credit/amount', credit.amount, children);
    if (amount) out.push(amount);
  }
  // the chain's refusals tell the lines' quantities and their links (docs/chain.md)
  const source = def.source;
  if (source) {
    out.push(named('/source/field', source.field));
    out.push(named('/source/quantity', `${source.lines}.${source.quantity}`));
    out.push(named('/source/lineLink', `${source.lines}.${source.lineLink}`));
  }
  // the tax each line stores tells its item, code, amount and the document's date and discount
  // (docs/tax.md); a kept value tells the lookup it is copied through
  const tax = def.tax;
  if (tax) {
    out.push(named('/tax/date', tax.date));
    if (tax.discount) out.push(named('/tax/discount', tax.discount));
    if (tax.lineDiscount) out.push(named('/tax/lineDiscount', `${tax.lines}.${tax.lineDiscount}`));
    for (const key of ['base', 'item', 'code'] as const)
      out.push(named(`/tax/${key}`, `${tax.lines}.${tax[key]}`));
  }
  for (const lookup of Object.keys(def.kept?.fromLookup ?? {}))
    out.push(named(`/kept/fromLookup/${lookup}`, lookup));
  // an automation's condition, set value and template (docs/automations.md): a value copied into a
  // field or a document, or a notification sent only when it holds, would tell what they read
  for (const [path, expr] of automationExpressions(def)) {
    const read = exprRead(path, expr, children);
    if (read) out.push(read);
  }
  return out;
}

/**
 * What a posting reads (docs/accounting.md): its amounts and conditions (a line of `forEach` reads
 * the line's fields and the document's, so both are counted), the fields naming accounts and detail
 * accounts, and the fields its descriptions show: a voucher would tell their values.
 */
function postingReads(
  def: EntityDefinition,
  children: string[],
  named: (path: string, field: string) => Read,
): Read[] {
  const out: (Read | null)[] = [];
  const templates = (path: string, text: Record<string, string> | undefined) => {
    for (const t of Object.values(text ?? {}))
      for (const m of String(t).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
        const field = (m[1] ?? '').replace(/__display$/, '');
        // the whole text is the node: an unchanged description adds no read
        out.push({
          path,
          node: text,
          fields: new Set([field, ...children.map((c) => `${c}.${field}`)]),
          opaque: false,
        });
      }
  };
  for (const { path, posting } of declaredPostings(def)) {
    templates(`${path}/description`, posting.description);
    posting.lines.forEach((line, i) => {
      const at = `${path}/lines/${i}`;
      for (const part of ['debit', 'credit', 'when'] as const)
        out.push(exprRead(`${at}/${part}`, line[part], children));
      const fieldRead = (path: string, field: string): Read => ({
        ...named(path, field),
        fields: new Set([field, ...children.map((c) => `${c}.${field}`)]),
      });
      if ('field' in line.account) out.push(fieldRead(`${at}/account/field`, line.account.field));
      (line.details ?? []).forEach((d, k) => out.push(fieldRead(`${at}/details/${k}/field`, d.field)));
      templates(`${at}/description`, line.description);
    });
  }
  return out.filter((r): r is Read => r !== null);
}

/** The value at a JSON path ("/a/b/0") of a definition, or undefined. */
function at(def: EntityDefinition | undefined, path: string): unknown {
  let node: unknown = def;
  for (const part of path.split('/').slice(1)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const same = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** Lookups of the document and of its lines, with their JSON paths. */
function lookups(def: EntityDefinition): { path: string; entity: string; displayField: string }[] {
  const out: { path: string; entity: string; displayField: string }[] = [];
  const of = (base: string, fields: EntityDefinition['fields']) => {
    for (const [name, meta] of Object.entries(fields))
      if (meta.lookup) out.push({ path: `${base}/${name}/lookup`, ...meta.lookup });
  };
  of('/fields', def.fields);
  for (const [name, child] of Object.entries(def.children ?? {}))
    of(`/children/${name}/fields`, child.fields);
  return out;
}

function scopeText(def: EntityDefinition | undefined): string {
  const parts: string[] = [];
  if (def?.scope?.party) parts.push(`scope.party=${def.scope.party}/${def.scope.partyKind ?? ''}`);
  if (def?.branchScoped) parts.push('branchScoped');
  return parts.join(', ');
}

/** Is `next`'s row scope the one in force, or narrower (added where there was none)? */
export function scopeKept(current: EntityDefinition | undefined, next: EntityDefinition): boolean {
  if (!current) return true;
  const party = !current.scope?.party || JSON.stringify(current.scope) === JSON.stringify(next.scope);
  const branch = !current.branchScoped || next.branchScoped === true;
  return party && branch;
}

export async function publishAccessProblems(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  lang: Lang,
): Promise<AccessProblem[]> {
  if (user.role === 'admin') return [];
  const key = entityKey(def);
  const current = ctx.registry.byEntityKey(key);
  const perms = await permissionsByEntity(ctx, user);
  const mayView = (k: string) => perms.get(k)?.view === true;
  if (ADMIN_ONLY_MODULES.has(def.module))
    return [{ path: '/module', message: t(lang, 'designerCheck.moduleDenied', { module: def.module }) }];
  if (current && !mayView(key))
    return [{ path: '/name', message: t(lang, 'designerCheck.entityDenied', { key }) }];
  if (!current) {
    const inModule = ctx.registry.all().filter((e) => e.def.module === def.module);
    if (inModule.length > 0 && !inModule.some((e) => mayView(e.key)))
      return [{ path: '/module', message: t(lang, 'designerCheck.moduleDenied', { module: def.module }) }];
  }
  const problems: AccessProblem[] = [];
  const before = current?.def;
  if (!scopeKept(before, def))
    problems.push({
      path:
        before?.scope?.party && JSON.stringify(before.scope) !== JSON.stringify(def.scope)
          ? '/scope'
          : '/branchScoped',
      message: t(lang, 'designerCheck.scopeChanged', { what: scopeText(before) }),
    });
  const hidden = await hiddenFor(ctx, user, current ?? { key, def });
  // a field (again) declared under a hidden name would show the values its column holds
  const declared = [
    ...Object.keys(def.schema.properties).map((f) => [`/schema/properties/${f}`, f] as const),
    ...Object.entries(def.children ?? {}).flatMap(([c, child]) =>
      Object.keys(child.schema.properties).map(
        (f) => [`/children/${c}/schema/properties/${f}`, `${c}.${f}`] as const,
      ),
    ),
  ];
  for (const [path, field] of declared)
    if (hidden.has(field) && at(before, path) === undefined)
      problems.push({ path, message: t(lang, 'designerCheck.hiddenField', { field }) });
  for (const read of reads(def)) {
    if (same(at(before, read.path), read.node)) continue;
    const field = [...read.fields].find((f) => hidden.has(f));
    if (field) problems.push({ path: read.path, message: t(lang, 'designerCheck.hiddenField', { field }) });
    else if (read.opaque && hidden.size > 0)
      problems.push({ path: read.path, message: t(lang, 'designerCheck.computedName') });
  }
  for (const l of lookups(def)) {
    if (same(at(before, l.path), { entity: l.entity, displayField: l.displayField })) continue;
    if (l.entity === key) {
      if (hidden.has(l.displayField))
        problems.push({
          path: `${l.path}/displayField`,
          message: t(lang, 'designerCheck.hiddenField', { field: l.displayField }),
        });
      continue;
    }
    const target = ctx.registry.byEntityKey(l.entity);
    if (!target) continue; // checkDefinition reports it
    if (!mayView(target.key) || ADMIN_ONLY_MODULES.has(target.def.module)) {
      problems.push({
        path: `${l.path}/entity`,
        message: t(lang, 'designerCheck.hiddenEntity', { key: l.entity }),
      });
      continue;
    }
    if ((await hiddenFor(ctx, user, target)).has(l.displayField))
      problems.push({
        path: `${l.path}/displayField`,
        message: t(lang, 'designerCheck.hiddenField', { field: `${l.entity}.${l.displayField}` }),
      });
  }
  problems.push(...(await creditLimitProblems(ctx, user, def, before, lang)));
  problems.push(...(await chainSourceProblems(ctx, user, def, before, lang, mayView)));
  problems.push(...(await keptProblems(ctx, user, def, before, lang)));
  return problems;
}

/**
 * A kept value copies a field of the looked-up row onto the document (docs/tax.md): it may not be
 * one hidden from the designer on that entity (unless the definition in force copies it already).
 */
async function keptProblems(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  before: EntityDefinition | undefined,
  lang: Lang,
): Promise<AccessProblem[]> {
  const out: AccessProblem[] = [];
  for (const [lookup, fill] of Object.entries(def.kept?.fromLookup ?? {})) {
    const key = Object.hasOwn(def.fields, lookup) ? def.fields[lookup]?.lookup?.entity : undefined;
    const target = key ? ctx.registry.byEntityKey(key) : undefined;
    if (!target) continue;
    const hidden = await hiddenFor(ctx, user, target);
    for (const [to, from] of Object.entries(fill)) {
      const path = `/kept/fromLookup/${lookup}/${to}`;
      if (hidden.has(from) && !same(at(before, path), from))
        out.push({ path, message: t(lang, 'designerCheck.hiddenField', { field: `${target.key}.${from}` }) });
    }
  }
  return out;
}

/**
 * The chain's `source` (docs/chain.md) reads the source's entity: its refusals tell the source
 * lines' quantities and what is fulfilled, CreateFrom carries the named fields. The designer must
 * view that entity and none of those fields may be hidden from it there (unless the definition in
 * force declares the same source).
 */
async function chainSourceProblems(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  before: EntityDefinition | undefined,
  lang: Lang,
  mayView: (key: string) => boolean,
): Promise<AccessProblem[]> {
  const s = def.source;
  if (!s || same(at(before, '/source'), s)) return [];
  const target = ctx.registry.byEntityKey(s.entity);
  if (!target) return []; // checkDefinition reports it
  if (!mayView(target.key) || ADMIN_ONLY_MODULES.has(target.def.module))
    return [{ path: '/source/entity', message: t(lang, 'designerCheck.hiddenEntity', { key: s.entity }) }];
  const table = s.sourceLines ?? s.lines;
  const fields: [string, string][] = [
    ['/source/fulfilled', `${table}.${s.fulfilled}`],
    ['/source/quantity', `${table}.${s.sourceQuantity ?? s.quantity}`],
    ...Object.entries(s.carry ?? {}).map(([to, from]): [string, string] => [`/source/carry/${to}`, from]),
    ...Object.entries(s.lineCarry ?? {}).map(([to, from]): [string, string] => [
      `/source/lineCarry/${to}`,
      `${table}.${from}`,
    ]),
  ];
  const hidden = await hiddenFor(ctx, user, target);
  return fields
    .filter(([, field]) => hidden.has(field))
    .map(([path, field]) => ({
      path,
      message: t(lang, 'designerCheck.hiddenField', { field: `${target.key}.${field}` }),
    }));
}

/**
 * A credit check tells the party's limit (docs/credit.md): its `limitField` may not be one hidden
 * from the designer on the party's entity (unless the definition in force has it already).
 */
async function creditLimitProblems(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  before: EntityDefinition | undefined,
  lang: Lang,
): Promise<AccessProblem[]> {
  const credit = def.credit;
  if (!credit || same(at(before, '/credit/limitField'), credit.limitField)) return [];
  const key = Object.hasOwn(def.fields, credit.party) ? def.fields[credit.party]?.lookup?.entity : undefined;
  const target = key ? ctx.registry.byEntityKey(key) : undefined;
  if (!target || !(await hiddenFor(ctx, user, target)).has(credit.limitField)) return [];
  return [
    {
      path: '/credit/limitField',
      message: t(lang, 'designerCheck.hiddenField', { field: `${target.key}.${credit.limitField}` }),
    },
  ];
}

/**
 * Fields hidden for the user's role on `entity`: those of its definition (with the derived ones)
 * and any other hidden row of field_permissions, such as a field removed from the definition whose
 * column still holds its values (publishing it again would show them).
 */
async function hiddenFor(
  ctx: AppContext,
  user: CurrentUser,
  entity: Pick<Entity, 'key' | 'def'>,
): Promise<Set<string>> {
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  const rows = await ctx.db
    .selectFrom('field_permissions')
    .select('field')
    .where('role', '=', user.role)
    .where('entity', '=', entity.key)
    .where('mode', '=', 'hidden')
    .execute();
  for (const r of rows) hidden.add(r.field);
  return hidden;
}
