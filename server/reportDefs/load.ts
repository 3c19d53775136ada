/**
 * Loads the report definitions `schemas/reports/{module}/{name}.json` at start: each is validated
 * against schemas/reportDefinition.schema.json, then cross-checked (module, entity, source and its
 * options, parameters and their defaults, columns against the source's fields, expressions,
 * drill-downs to other reports). A bad file stops the start with its path and the JSON path of
 * each problem, as entity definitions do (server/definitions/load.ts).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ReportDefinition, ReportParam } from '../../runtime/shared/reportDefinition';
import { isModuleName } from '../../runtime/shared/modules';
import { unsafeOperations } from '../../runtime/shared/rules';
import { createAjv } from '../../runtime/shared/validation';
import { PROJECT_ROOT } from '../config';
import { DefinitionError } from '../definitions/load';
import { reportKey } from './registry';
import { SOURCES } from './sources';

export const REPORTS_DIR = 'reports';
const SCHEMA_FILE = 'reportDefinition.schema.json';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ROW_REF = /^\{\{row\.[a-z][A-Za-z0-9]*\}\}$/;
const ENTITY_KEY = /^[A-Za-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

let validator: ValidateFunction | undefined;

function schemaValidator(dir: string): ValidateFunction {
  const path = join(dir, SCHEMA_FILE);
  if (dir === join(PROJECT_ROOT, 'schemas')) {
    validator ??= createAjv({ strict: false }).compile(JSON.parse(readFileSync(path, 'utf8')) as object);
    return validator;
  }
  return createAjv({ strict: false }).compile(JSON.parse(readFileSync(path, 'utf8')) as object);
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '/';
  if (error.keyword === 'additionalProperties')
    return `${where}: must NOT have additional property '${(error.params as { additionalProperty: string }).additionalProperty}'`;
  return `${where}: ${error.message ?? error.keyword}`;
}

function defaultProblem(p: ReportParam): string | null {
  const d = p.default;
  if (d === undefined) return null;
  const ok = (() => {
    switch (p.kind) {
      case 'dateRange':
        if (d === 'period') return true;
        return (
          typeof d === 'object' &&
          d !== null &&
          ISO_DATE.test(String((d as Record<string, unknown>).from)) &&
          ISO_DATE.test(String((d as Record<string, unknown>).to))
        );
      case 'date':
        return d === 'period' || d === 'today' || (typeof d === 'string' && ISO_DATE.test(d));
      case 'enum':
        return (p.options ?? []).some((o) => o.value === d);
      case 'lookup':
        return Number.isInteger(d) && (d as number) > 0;
      case 'boolean':
        return typeof d === 'boolean';
    }
  })();
  return ok ? null : `default ${JSON.stringify(d)} does not fit a ${p.kind} parameter`;
}

function paramProblems(def: ReportDefinition): string[] {
  const out: string[] = [];
  const source = SOURCES.get(def.source);
  const seen = new Set<string>();
  def.params.forEach((p, i) => {
    const at = `/params/${i}`;
    if (seen.has(p.name)) out.push(`${at}/name: '${p.name}' declared twice`);
    seen.add(p.name);
    if (p.kind === 'enum') {
      if (!p.options?.length) out.push(`${at}/options: an enum parameter lists its options`);
      const values = (p.options ?? []).map((o) => o.value);
      if (new Set(values).size !== values.length) out.push(`${at}/options: a value is listed twice`);
    } else if (p.options) out.push(`${at}/options: only enum parameters have options`);
    if (p.kind === 'lookup') {
      if (!p.entity) out.push(`${at}/entity: a lookup parameter names its entity`);
    } else if (p.entity) out.push(`${at}/entity: only lookup parameters name an entity`);
    const bad = defaultProblem(p);
    if (bad) out.push(`${at}/default: ${bad}`);
    const wanted = source?.params[p.name];
    if (wanted && wanted !== p.kind)
      out.push(`${at}/kind: ${def.source} reads '${p.name}' as a ${wanted} parameter`);
  });
  for (const name of source?.requiredParams ?? [])
    if (!seen.has(name)) out.push(`/params: ${def.source} needs the parameter '${name}'`);
  if (def.scope) {
    const p = def.params.find((x) => x.name === def.scope!.detail);
    if (p?.kind !== 'lookup') out.push(`/scope/detail: '${def.scope.detail}' is not a lookup parameter`);
  }
  return out;
}

function columnProblems(def: ReportDefinition, fields: ReadonlySet<string> | null): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  def.columns.forEach((c, i) => {
    const at = `/columns/${i}`;
    if (seen.has(c.field)) out.push(`${at}/field: '${c.field}' shown twice`);
    seen.add(c.field);
    if (fields && !fields.has(c.field)) out.push(`${at}/field: ${def.source} has no field '${c.field}'`);
    // a text column's total is the source's own (a ledger's closing side), never a sum
    if (c.total && c.kind !== 'money' && c.kind !== 'number' && c.kind !== 'text')
      out.push(`${at}/total: only figures are totalled`);
    if (c.absolute && c.kind !== 'money' && c.kind !== 'number')
      out.push(`${at}/absolute: only figures have a magnitude`);
    if (c.visibleWhen !== undefined)
      for (const op of unsafeOperations(c.visibleWhen))
        out.push(`${at}/visibleWhen: operation '${op}' not allowed`);
    const d = c.drill;
    if (!d) return;
    if (!!d.report === !!d.entity) out.push(`${at}/drill: give either report or entity`);
    if (d.entity) {
      if (!ENTITY_KEY.test(d.entity) && !ROW_REF.test(d.entity))
        out.push(`${at}/drill/entity: an entity key or {{row.field}}`);
      if (!d.idField) out.push(`${at}/drill/idField: the row field holding the id`);
      else if (fields && !fields.has(d.idField))
        out.push(`${at}/drill/idField: ${def.source} has no field '${d.idField}'`);
    }
    for (const [name, value] of Object.entries(d.params ?? {})) {
      const row = /^\{\{row\.([A-Za-z0-9]+)\}\}$/.exec(value);
      const param = /^\{\{params\.([A-Za-z0-9]+)\}\}$/.exec(value);
      if (row && fields && !fields.has(row[1]!))
        out.push(`${at}/drill/params/${name}: no row field '${row[1]}'`);
      if (param && !def.params.some((p) => p.name === param[1]))
        out.push(`${at}/drill/params/${name}: no parameter '${param[1]}'`);
    }
  });
  if (def.levelField && fields && !fields.has(def.levelField))
    out.push(`/levelField: ${def.source} has no field '${def.levelField}'`);
  return out;
}

/**
 * Lookup parameters naming an entity not loaded: not fatal (the parameter then refuses every
 * value, 400), since a report may ship before the entity it filters on.
 */
export function reportWarnings(def: ReportDefinition, entityKeys: ReadonlySet<string>): string[] {
  return def.params.flatMap((p, i) =>
    p.kind === 'lookup' && p.entity && !entityKeys.has(p.entity)
      ? [
          `/params/${i}/entity: entity '${p.entity}' is not loaded; the parameter '${p.name}' refuses every value`,
        ]
      : [],
  );
}

/**
 * Problems of one definition after its schema ("JSON path: problem"); drill-downs to other reports
 * are checked across the files (`reports`: every definition loaded, when known).
 */
export function crossCheckReport(
  def: ReportDefinition,
  entityKeys: ReadonlySet<string> | null = null,
  reports: ReadonlyMap<string, ReportDefinition> | null = null,
): string[] {
  const out: string[] = [];
  if (!isModuleName(def.module)) out.push(`/module: unknown module '${def.module}'`);
  if (entityKeys && !entityKeys.has(def.entity)) out.push(`/entity: unknown entity '${def.entity}'`);
  const source = SOURCES.get(def.source);
  if (!source) out.push(`/source: unknown source '${def.source}' (known: ${[...SOURCES.keys()].join(', ')})`);
  else {
    out.push(...source.optionProblems(def.options ?? {}));
    out.push(...(source.definitionProblems?.(def) ?? []));
  }
  out.push(...paramProblems(def));
  out.push(...columnProblems(def, source ? new Set(source.fields(def.options ?? {})) : null));
  if (reports)
    def.columns.forEach((c, i) => {
      const target = c.drill?.report;
      if (!target) return;
      const other = reports.get(target);
      if (!other) return out.push(`/columns/${i}/drill/report: unknown report '${target}'`);
      for (const name of Object.keys(c.drill?.params ?? {}))
        if (!other.params.some((p) => p.name === name))
          out.push(`/columns/${i}/drill/params/${name}: ${target} has no parameter '${name}'`);
    });
  return out;
}

/** Schema problems, then cross-check problems, of one definition; [] when valid. */
export function reportDefinitionProblems(
  json: unknown,
  entityKeys: ReadonlySet<string> | null = null,
  dir = join(PROJECT_ROOT, 'schemas'),
): string[] {
  const validate = schemaValidator(dir);
  if (!validate(json)) return (validate.errors ?? []).map(describe);
  return crossCheckReport(json as ReportDefinition, entityKeys);
}

/** `reports/{module}/{name}.json` under `dir`: [module folder, file] pairs. */
function reportFiles(dir: string): string[] {
  const root = join(dir, REPORTS_DIR);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const module of readdirSync(root).sort()) {
    const folder = join(root, module);
    if (!statSync(folder).isDirectory())
      throw new DefinitionError(
        `${relative(PROJECT_ROOT, folder)}: report definitions go in reports/{module}/`,
      );
    for (const name of readdirSync(folder).sort())
      if (name.endsWith('.json')) out.push(join(folder, name));
      else if (statSync(join(folder, name)).isDirectory())
        throw new DefinitionError(
          `${relative(PROJECT_ROOT, join(folder, name))}: no folders below reports/{module}/`,
        );
  }
  return out;
}

/**
 * Every report definition under `dir` (default schemas/), checked; `entityKeys`: the entities
 * loaded (a report naming another entity is refused).
 */
export function loadReportDefinitions(
  dir = join(PROJECT_ROOT, 'schemas'),
  entityKeys: ReadonlySet<string> | null = null,
  warn: (message: string) => void = () => undefined,
): ReportDefinition[] {
  const files = reportFiles(dir);
  if (!files.length) return [];
  const validate = schemaValidator(dir);
  const loaded = new Map<string, { def: ReportDefinition; file: string }>();
  for (const path of files) {
    const file = relative(PROJECT_ROOT, path);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new DefinitionError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!validate(json))
      throw new DefinitionError(`${file}: ${(validate.errors ?? []).map(describe).join('; ')}`);
    const def = json as ReportDefinition;
    const folder = path.split(/[\\/]/).slice(-2, -1)[0];
    const problems: string[] = [];
    if (folder !== def.module)
      problems.push(`/module: '${def.module}' but the file is in reports/${folder}/`);
    if (!path.endsWith(`${def.name}.json`)) problems.push(`/name: '${def.name}' but the file is ${file}`);
    problems.push(...crossCheckReport(def, entityKeys));
    if (problems.length) throw new DefinitionError(`${file}: ${problems.join('; ')}`);
    for (const w of entityKeys ? reportWarnings(def, entityKeys) : []) warn(`${file}: ${w}`);
    const key = reportKey(def);
    const twice = loaded.get(key);
    if (twice) throw new DefinitionError(`${file}: report ${key} already defined in ${twice.file}`);
    loaded.set(key, { def, file });
  }
  const byKey = new Map([...loaded].map(([k, v]) => [k, v.def]));
  for (const { def, file } of loaded.values()) {
    const problems = crossCheckReport(def, null, byKey).filter((p) => p.includes('/drill/'));
    if (problems.length) throw new DefinitionError(`${file}: ${problems.join('; ')}`);
  }
  return [...byKey.values()];
}
