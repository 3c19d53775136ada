/**
 * Loads schemas/**\/*.json (except *.schema.json, dashboards and reports), validates each against
 * schemas/definition.schema.json and cross-checks names. A bad file stops the start with its path
 * and the JSON path of the problem.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { IDENTIFIER, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { kindMismatch, kindOf, type KindSource } from '../../runtime/shared/fieldKind';
import { createAjv } from '../../runtime/shared/validation';
import { unsafeOperations, type RuleSet } from '../../runtime/shared/rules';
import { PROJECT_ROOT } from '../config';
import { t } from '../i18n';
import { safetyProblems } from './safety';
import { layoutProblems } from '../../runtime/shared/layout';
import { aggregateProblems } from '../entities/aggregates';
import { postingLookupProblems } from './postingCheck';
import { creditLookupProblems } from './creditCheck';
import { chainLookupProblems } from './chainCheck';
import { taxLookupProblems } from './taxCheck';
import { automationLookupProblems } from './automationCheck';
import { printFormatChecks } from '../../runtime/shared/print/formatChecks';
import { defaultsProblems } from './defaultsCheck';
import { expandLifecycle, lifecycleProblems } from '../../runtime/shared/lifecycle';
import { expandDetailAccount } from '../../runtime/shared/detailAccount';
import { workflowStates } from '../../runtime/shared/workflow';

export class DefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DefinitionError';
  }
}

const SYSTEM_COLUMNS = new Set(['id', 'createdAt', 'updatedAt']);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    // schemas/dashboard/ holds dashboard definitions (server/reports/dashboard.ts) and
    // schemas/reports/ report definitions (server/reportDefs/), not entities
    if (statSync(path).isDirectory()) {
      if (name !== 'dashboard' && name !== 'reports') out.push(...walk(path));
    } else if (name.endsWith('.json') && !name.endsWith('.schema.json')) out.push(path);
  }
  return out;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '/';
  if (error.keyword === 'additionalProperties')
    return `${where}: must NOT have additional property '${(error.params as { additionalProperty: string }).additionalProperty}'`;
  return `${where}: ${error.message ?? error.keyword}`;
}

/**
 * Cross-checks ajv cannot express; returns "JSON path: problem" strings (the safety checks of
 * ./safety.ts in `lang`, English for the files read at start).
 */
export function crossCheck(declared: EntityDefinition, lang: Lang = 'en'): string[] {
  // checked as it will be in force: with the lifecycle's fields (runtime/shared/lifecycle.ts)
  const problems: string[] = lifecycleProblems(declared);
  const def = expandLifecycle(expandDetailAccount(declared));
  const props = Object.keys(def.schema.properties);
  const fields = Object.keys(def.fields);
  const known = new Set(props);
  for (const p of props) if (!(p in def.fields)) problems.push(`/fields: missing entry for property '${p}'`);
  for (const f of fields)
    if (!known.has(f)) problems.push(`/fields/${f}: no such property in /schema/properties`);
  for (const r of def.schema.required ?? [])
    if (!known.has(r)) problems.push(`/schema/required: unknown property '${r}'`);
  const isField = (name: string) => known.has(name) || SYSTEM_COLUMNS.has(name);
  def.list.columns.forEach((c, i) => {
    if (!isField(c)) problems.push(`/list/columns/${i}: unknown field '${c}'`);
  });
  (def.list.defaultSort ?? []).forEach((s, i) => {
    if (!isField(s.colId)) problems.push(`/list/defaultSort/${i}/colId: unknown field '${s.colId}'`);
  });
  if (!isField(def.displayField)) problems.push(`/displayField: unknown field '${def.displayField}'`);
  if (def.scope?.party !== undefined && !isField(def.scope.party))
    problems.push(`/scope/party: unknown field '${def.scope.party}'`);
  (def.scope?.partyEditable ?? []).forEach((f, i) => {
    if (!known.has(f)) problems.push(`/scope/partyEditable/${i}: unknown field '${f}'`);
  });
  if ((def.scope?.party === undefined) !== (def.scope?.partyKind === undefined) && def.scope)
    problems.push(`/scope: party and partyKind go together`);
  (def.scope?.also ?? []).forEach((s, i) => {
    if (!isField(s.party)) problems.push(`/scope/also/${i}/party: unknown field '${s.party}'`);
    if (s.partyKind === def.scope?.partyKind)
      problems.push(`/scope/also/${i}/partyKind: '${s.partyKind}' is scoped already`);
  });
  // the date closed periods, lock dates and the fiscal-period list scope read (docs/api.md)
  if (def.period && !(known.has(def.period.field) && kindOf(def, def.period.field) === 'date'))
    problems.push(`/period/field: '${def.period.field}' is not a date field`);
  for (const p of props) if (!IDENTIFIER.test(p)) problems.push(`/schema/properties/${p}: not an identifier`);
  problems.push(...workflowStateProblems(def));
  problems.push(...kindProblems('/fields', def));
  problems.push(...ruleProblems('/rules', def.rules, known));
  for (const [name, child] of Object.entries(def.children ?? {})) {
    const at = `/children/${name}`;
    const childProps = new Set(Object.keys(child.schema.properties));
    if (known.has(name)) problems.push(`${at}: a field of the document has the same name`);
    for (const p of childProps)
      if (!(p in child.fields)) problems.push(`${at}/fields: missing entry for '${p}'`);
    for (const f of Object.keys(child.fields))
      if (!childProps.has(f)) problems.push(`${at}/fields/${f}: no such property in ${at}/schema/properties`);
    for (const r of child.schema.required ?? [])
      if (!childProps.has(r)) problems.push(`${at}/schema/required: unknown property '${r}'`);
    problems.push(...ruleProblems(`${at}/rules`, child.rules, childProps));
    problems.push(...kindProblems(`${at}/fields`, child));
  }
  // figures read from the server's tables (server/entities/aggregates.ts), lookups found by the server
  problems.push(...aggregateProblems(def));
  for (const [name, meta] of Object.entries(def.fields))
    if (meta.initialFrom && !meta.lookup) problems.push(`/fields/${name}/initialFrom: only a lookup field`);
  for (const p of safetyProblems(def))
    problems.push(`${p.path}: ${t(lang, `designerCheck.${p.key}`, p.params)}`);
  // default formulas: fields of the document; the clock only in them (./defaultsCheck.ts)
  for (const p of defaultsProblems(def))
    problems.push(`${p.path}: ${t(lang, `formulaMore.check.${p.key}`, p.params)}`);
  // the form's tabs and sections name fields and child tables of the entity, each once (runtime/shared/layout.ts)
  for (const p of layoutProblems(def))
    problems.push(`${p.path}: ${t(lang, `formLayout.check.${p.key}`, p.params)}`);
  // the print formats (runtime/shared/print/formatChecks.ts): the designer shows the same checks
  for (const p of printFormatChecks(def))
    problems.push(`${p.path}: ${t(lang, `printDesigner.check.${p.key}`, p.params)}`);
  return problems;
}

/**
 * `workflow.states` names states of the workflow; the states of `initialWhen` and of transitions
 * are values of the state field (when it has an enum); its roles nothing else to check here.
 */
function workflowStateProblems(def: EntityDefinition): string[] {
  const wf = def.workflow;
  if (!wf) return [];
  const known = workflowStates(wf);
  const out = Object.keys(wf.states ?? {})
    .filter((s) => !known.has(s))
    .map((s) => `/workflow/states/${s}: unknown workflow state`);
  const values = Object.hasOwn(def.schema.properties, wf.field)
    ? def.schema.properties[wf.field]?.enum
    : undefined;
  if (values) {
    (wf.initialWhen ?? []).forEach((e, i) => {
      if (!values.includes(e.state))
        out.push(`/workflow/initialWhen/${i}/state: '${e.state}' is not a value of '${wf.field}'`);
    });
    wf.transitions.forEach((tr, i) => {
      for (const end of ['from', 'to'] as const)
        if (!values.includes(tr[end]))
          out.push(`/workflow/transitions/${i}/${end}: '${tr[end]}' is not a value of '${wf.field}'`);
    });
  }
  return out;
}

/** A stated kind the field's schema does not fit (runtime/shared/fieldKind.ts kindMismatch). */
function kindProblems(at: string, part: KindSource & Pick<EntityDefinition, 'schema' | 'fields'>): string[] {
  const out: string[] = [];
  for (const [name, meta] of Object.entries(part.fields)) {
    const schema = Object.hasOwn(part.schema.properties, name) ? part.schema.properties[name] : undefined;
    if (!schema || (meta.kind === undefined && meta.precision === undefined)) continue;
    const why = kindMismatch(kindOf(part, name), schema, meta);
    if (why) out.push(`${at}/${name}/kind: ${why}`);
  }
  return out;
}

/** Computed fields must be properties; every expression must use whitelisted operations only. */
function ruleProblems(at: string, set: RuleSet | undefined, known: Set<string>): string[] {
  if (!set) return [];
  const out: string[] = [];
  for (const [field, expr] of Object.entries(set.computed ?? {})) {
    if (!known.has(field)) out.push(`${at}/computed/${field}: unknown field`);
    for (const op of unsafeOperations(expr))
      out.push(`${at}/computed/${field}: operation '${op}' not allowed`);
  }
  (set.rules ?? []).forEach((rule, i) => {
    const exprs = [rule.assert, rule.line?.index ?? null, rule.line?.field ?? null];
    for (const op of exprs.flatMap(unsafeOperations))
      out.push(`${at}/rules/${i}: operation '${op}' not allowed`);
  });
  return out;
}

/** The JSON Schema of definitions (schemas/definition.schema.json). */
export function definitionMetaSchema(dir = join(PROJECT_ROOT, 'schemas')): object {
  return JSON.parse(readFileSync(join(dir, 'definition.schema.json'), 'utf8')) as object;
}

let metaValidator: ValidateFunction | undefined;

/**
 * Problems of one definition sent by the designer: the meta-schema, then the cross-checks; each
 * with the JSON path inside the definition. [] when valid.
 */
export function definitionProblems(json: unknown, lang: Lang = 'en'): { path: string; message: string }[] {
  metaValidator ??= createAjv({ strict: false }).compile(definitionMetaSchema());
  if (!metaValidator(json))
    return (metaValidator.errors ?? []).map((e) => {
      const [path, ...rest] = describe(e).split(': ');
      return { path: path ?? '/', message: rest.join(': ') };
    });
  return crossCheck(json as EntityDefinition, lang).map((p) => {
    const at = p.indexOf(': ');
    return { path: p.slice(0, at), message: p.slice(at + 2) };
  });
}

export function loadDefinitions(dir = join(PROJECT_ROOT, 'schemas')): EntityDefinition[] {
  const ajv = createAjv({ strict: false });
  const validate = ajv.compile(definitionMetaSchema(dir));
  const defs: EntityDefinition[] = [];
  const seen = new Map<string, string>();
  for (const path of walk(dir)) {
    const name = relative(PROJECT_ROOT, path);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new DefinitionError(`${name}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!validate(json)) {
      const lines = (validate.errors ?? []).map(describe);
      throw new DefinitionError(`${name}: ${lines.join('; ')}`);
    }
    const def = json as EntityDefinition;
    const problems = crossCheck(def);
    if (problems.length) throw new DefinitionError(`${name}: ${problems.join('; ')}`);
    const key = `${def.module}.${def.name}`;
    const tableKey = key.toLowerCase();
    if (seen.has(tableKey))
      throw new DefinitionError(`${name}: entity ${key} already defined in ${seen.get(tableKey)}`);
    seen.set(tableKey, name);
    defs.push(def);
  }
  // what postings, credit checks and tax look up is checked against the other files (./postingCheck.ts,
  // ./creditCheck.ts, ./taxCheck.ts)
  const byKey = new Map(defs.map((d) => [`${d.module}.${d.name}`, expandDetailAccount(d)]));
  for (const def of defs) {
    const expanded = expandDetailAccount(def);
    const defOf = (key: string) => byKey.get(key);
    const problems = [
      ...postingLookupProblems(expanded, defOf),
      ...creditLookupProblems(expanded, defOf),
      ...chainLookupProblems(expanded, defOf),
      ...taxLookupProblems(expanded, defOf),
      ...automationLookupProblems(expanded, defOf),
    ];
    if (problems.length)
      throw new DefinitionError(
        `${def.module}.${def.name}: ${problems.map((p) => `${p.path}: ${t('en', `designerCheck.${p.key}`, p.params)}`).join('; ')}`,
      );
  }
  return defs;
}
