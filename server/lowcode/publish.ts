/**
 * Publishing and rolling back definitions: checks (format, cross-checks, lookups, module, table
 * name), the plan, the new active version, tables created or extended, columns of changed types
 * kept under another name, admin (and the publisher's role) permissions, then the registry swap.
 */
import { fillFromProblems, lookupProblems } from './lookupCheck';
import type { Kysely } from 'kysely';
import { ENTITY_ACTIONS, localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import { syncEntityTables } from '../db/entityTables';
import { columnFamily, copyRetyped, dropFieldIndexes, type Pending } from '../db/retype';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import { definitionProblems, loadDefinitions } from '../definitions/load';
import { validationSchema } from '../definitions/validators';
import { Registry, entityKey, tableName } from '../definitions/registry';
import { syncAdminPermissions } from '../security/adminPermissions';
import { invalid } from '../http/errors';
import { businessError } from '../entities/document';
import { isModuleName } from '../../runtime/shared/modules';
import { TEXT_KEY } from '../../runtime/shared/envelope';
import { fieldMessage, t, textParams } from '../i18n';
import { postingDataProblems, postingLookupProblems } from '../definitions/postingCheck';
import { creditDataProblems, creditLookupProblems } from '../definitions/creditCheck';
import { chainLookupProblems } from '../definitions/chainCheck';
import { taxLookupProblems } from '../definitions/taxCheck';
import { automationDataProblems, automationLookupProblems } from '../definitions/automationCheck';
import { planChanges, type Plan, type TypeChange } from './plan';
import { definitionsInForce, storeVersion } from './store';
import { PSEUDO_ENTITIES } from './pseudo';
import { publishAccessProblems } from './publishAccess';
import { expandChoices } from '../../runtime/shared/choiceSources';
import { expandLifecycle } from '../../runtime/shared/lifecycle';
import { expandDetailAccount } from '../../runtime/shared/detailAccount';
import { backfillDocStates } from '../entities/lifecycleBackfill';
import { backfillDetailAccounts } from '../accounting/detailAccounts';
import { backfillSettlements } from '../treasury/allocations';

/** Problems of a definition sent by the designer, as "JSON path" and message; [] when valid. */
export function checkDefinition(
  ctx: AppContext,
  json: unknown,
  lang: Lang = 'en',
): { path: string; message: string }[] {
  const problems = definitionProblems(json, lang);
  if (problems.length) return problems;
  const def = json as EntityDefinition;
  if (!isModuleName(def.module))
    problems.push({ path: '/module', message: `unknown module '${def.module}'` });
  const key = entityKey(def);
  const clash = ctx.registry.all().find((e) => e.table === tableName(def) && e.key !== key);
  if (clash) problems.push({ path: '/name', message: `same table as ${clash.key}` });
  if (PSEUDO_ENTITIES.includes(key)) problems.push({ path: '/name', message: `${key} is reserved` });
  const lookups = (at: string, fields: EntityDefinition['fields']) => {
    for (const [name, meta] of Object.entries(fields)) {
      if (!meta.lookup) continue;
      const target = meta.lookup.entity === key ? def : ctx.registry.byEntityKey(meta.lookup.entity)?.def;
      if (!target)
        problems.push({
          path: `${at}/${name}/lookup/entity`,
          message: `unknown entity '${meta.lookup.entity}'`,
        });
      else if (!(meta.lookup.displayField in target.schema.properties))
        problems.push({
          path: `${at}/${name}/lookup/displayField`,
          message: `unknown field '${meta.lookup.displayField}'`,
        });
      else problems.push(...lookupProblems(`${at}/${name}/lookup`, meta.lookup, target, fields, def));
      const fillFrom = meta.lookup.fillFrom?.entity;
      if (fillFrom) {
        const source = fillFrom === key ? def : ctx.registry.byEntityKey(fillFrom)?.def;
        problems.push(...fillFromProblems(`${at}/${name}/lookup`, meta.lookup, source, fields, def));
      }
    }
  };
  lookups('/fields', def.fields);
  for (const [name, child] of Object.entries(def.children ?? {}))
    lookups(`/children/${name}/fields`, child.fields);
  // what the posting and the credit check look up (server/definitions/postingCheck.ts, creditCheck.ts)
  const expanded = expandDetailAccount(def);
  const defOf = (k: string) => (k === key ? expanded : ctx.registry.byEntityKey(k)?.def);
  for (const p of [
    ...postingLookupProblems(expanded, defOf),
    ...creditLookupProblems(expanded, defOf),
    ...chainLookupProblems(expanded, defOf),
    ...taxLookupProblems(expanded, defOf),
    ...automationLookupProblems(expanded, defOf),
  ])
    problems.push({ path: p.path, message: t(lang, `designerCheck.${p.key}`, p.params) });
  // the documents made from this one keep finding what their `source` names (docs/chain.md)
  for (const other of ctx.registry.all())
    if (other.key !== key && other.def.source?.entity === key)
      for (const p of chainLookupProblems(other.def, defOf))
        problems.push({
          path: '/children',
          message: `${other.key}: ${t(lang, `designerCheck.${p.key}`, p.params)}`,
        });
  if (problems.length === 0) problems.push(...compileProblems(ctx, def));
  return problems;
}

/**
 * The record and line validators compiled (as Plan's preview and the registry do), so a schema ajv
 * refuses answers 417 on its path instead of failing later with a 500.
 */
function compileProblems(ctx: AppContext, def: EntityDefinition): { path: string; message: string }[] {
  const parts: [string, EntityDefinition['schema']][] = [
    ['/schema', def.schema],
    ...Object.entries(def.children ?? {}).map(([n, c]): [string, EntityDefinition['schema']] => [
      `/children/${n}/schema`,
      c.schema,
    ]),
  ];
  const out: { path: string; message: string }[] = [];
  for (const [path, schema] of parts) {
    try {
      ctx.registry.validators.ensure(validationSchema(schema));
    } catch (e) {
      out.push({ path, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}

/** 417 with the JSON path of each problem, or the definition. */
export function validDefinition(ctx: AppContext, json: unknown, lang: Lang = 'en'): EntityDefinition {
  const problems = checkDefinition(ctx, json, lang);
  if (problems.length)
    throw invalid(problems.map((p) => fieldMessage(lang, p.path, TEXT_KEY, textParams(p.message))));
  return json as EntityDefinition;
}

/**
 * What publishing `def` as `user` changes; 417 with the JSON paths of what `user` may not publish
 * (./publishAccess.ts). Publish goes through here, so Plan refuses exactly what Publish would.
 */
export async function plan(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  lang: Lang,
): Promise<Plan> {
  const denied = await publishAccessProblems(ctx, user, def, lang);
  if (denied.length)
    throw invalid(denied.map((p) => fieldMessage(lang, p.path, TEXT_KEY, textParams(p.message))));
  // the accounts, settings and detail group the definition names exist (server/definitions/postingCheck.ts,
  // creditCheck.ts)
  const db = ctx.db as unknown as Untyped;
  const missing = [...(await postingDataProblems(db, def)), ...(await creditDataProblems(db, def))];
  // the webhook endpoints the automations name were made by an admin (server/definitions/automationCheck.ts)
  const endpoints = await automationDataProblems(
    db,
    ctx.registry,
    def,
    ctx.registry.byEntityKey(entityKey(def))?.def,
  );
  if (missing.length || endpoints.length)
    throw invalid([
      ...missing.map((p) =>
        fieldMessage(lang, p.path, TEXT_KEY, textParams(t(lang, `designerCheck.${p.key}`, p.params))),
      ),
      ...endpoints.map((p) =>
        fieldMessage(
          lang,
          p.path,
          TEXT_KEY,
          textParams(t(lang, `automationDesigner.check.${p.key}`, p.params)),
        ),
      ),
    ]);
  // compared as it will be in force (the registry adds a lifecycle's fields)
  return planChanges(
    ctx,
    ctx.registry.byEntityKey(entityKey(def)),
    expandChoices(expandLifecycle(expandDetailAccount(def))),
    lang,
  );
}

/**
 * The old column of a changed type stays as `{column}Prev{version}` (or the next free
 * `{column}Prev{version}_{n}`: a column of that name may exist, and SQLite compares names without
 * case); answers the kept columns as copyRetyped takes them (every value that converts is copied).
 */
async function keepChangedColumns(
  db: Untyped,
  ctx: AppContext,
  changes: TypeChange[],
  version: number,
): Promise<Pending[]> {
  const moved = changes.filter(
    (c) => columnFamily(c.from.storage, ctx.dialect) !== columnFamily(c.to.storage, ctx.dialect),
  );
  if (moved.length === 0) return [];
  const columns = new Map<string, Set<string>>();
  for (const t of await db.introspection.getTables())
    columns.set(t.name, new Set(t.columns.map((c) => c.name.toLowerCase())));
  const out: Pending[] = [];
  for (const c of moved) {
    const have = columns.get(c.table) ?? new Set<string>();
    let kept = `${c.column}Prev${version}`;
    for (let n = 2; have.has(kept.toLowerCase()); n++) kept = `${c.column}Prev${version}x${n}`;
    have.add(kept.toLowerCase());
    // a renamed column takes its indexes along; the new column gets them from syncEntityTables
    await dropFieldIndexes(db, c.table, c.column);
    await db.schema.alterTable(c.table).renameColumn(c.column, kept).execute();
    out.push({ table: c.table, column: c.column, kept, to: c.to });
  }
  return out;
}

/** Gives `role` every action on `key` unless it has a row for it already. */
async function grantRole(db: Kysely<SystemTables>, role: string, key: string): Promise<void> {
  const have = await db
    .selectFrom('role_permissions')
    .select('role')
    .where('role', '=', role)
    .where('entity', '=', key)
    .executeTakeFirst();
  if (have) return;
  const all = Object.fromEntries(ENTITY_ACTIONS.map((a) => [`can_${a}`, 1])) as Record<
    `can_${(typeof ENTITY_ACTIONS)[number]}`,
    number
  >;
  await db
    .insertInto('role_permissions')
    .values({ role, entity: key, ...all })
    .execute();
}

/**
 * Stores `def` as the next active version (breaking changes only with acceptBreaking), changes the
 * tables and swaps ctx.registry. Answers the new version.
 */
export async function publish(
  ctx: AppContext,
  user: CurrentUser,
  def: EntityDefinition,
  options: { comment: string | null; acceptBreaking: boolean; lang: Lang },
): Promise<{ key: string; version: number }> {
  const key = entityKey(def);
  const isNew = !ctx.registry.byEntityKey(key);
  // planned on ctx.db before the transaction (SQLite has one connection, held by the transaction)
  const changes = await plan(ctx, user, def, options.lang);
  if (changes.breaking && !options.acceptBreaking)
    throw businessError(changes.changes.filter((c) => c.breaking).map((c) => c.message));
  const result = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Untyped;
    const version = await storeVersion(trx, key, def, user.id, options.comment);
    const kept = await keepChangedColumns(db, ctx, changes.typeChanges, version);
    const registry = new Registry(await definitionsInForce(trx, files(ctx)), ctx.registry);
    const skipped = await syncEntityTables(db, ctx.dialect, registry.all());
    // a field made unique over duplicates already stored: refused, the whole publish rolls back
    const table = tableName(def);
    const duplicates = skipped.filter((u) => u.table === table);
    if (duplicates.length)
      throw invalid(
        duplicates.map((u) =>
          fieldMessage(options.lang, `/fields/${u.field}/unique`, 'designerCheck.uniqueDuplicates', {
            field: localText(def.fields[u.field]?.label, options.lang) || u.field,
          }),
        ),
      );
    await backfillDocStates(db, registry);
    await backfillDetailAccounts(db, ctx.dialect, registry);
    await backfillSettlements(db, registry);
    await copyRetyped(db, ctx.dialect, kept);
    await syncAdminPermissions(trx, registry);
    if (isNew && user.role !== 'admin') await grantRole(trx, user.role, key);
    return { registry, version };
  });
  ctx.registry = result.registry;
  return { key, version: result.version };
}

/** The shipped definitions, read once. */
export function files(ctx: AppContext): EntityDefinition[] {
  ctx.definitionFiles ??= loadDefinitions();
  return ctx.definitionFiles;
}
