/**
 * Where a report's figure drills down to (ReportDrill): another report's route with its parameters
 * in the query (`/{module}/report/{name}?…`), or the form of an entity's row, which the generated
 * screen opens from its route's `open` query (`/{module}/{entity}?open={id}`, src/pages/EntityRoute).
 * Templates: `{{row.field}}` (a value of the clicked row), `{{params.name}}` (a parameter as the
 * report ran) or a literal; a template that is a single placeholder keeps the value as it is (a
 * date range stays a range). A figure whose row lacks a value its drill-down needs does not drill;
 * a parameter the report ran without (an optional branch left empty) is left out of the target's
 * query, so the target runs over everything as the report did.
 */
import { MODULES } from '../../runtime/shared/modules';
import type { ReportDrill, ReportValue } from '../../runtime/shared/reportDefinition';
import { buildQuery, queryText } from './reportParams';

export interface DrillScope {
  row: Record<string, ReportValue>;
  params: Record<string, unknown>;
}

const PLACEHOLDER = /\{\{\s*(row|params)\.([A-Za-z_$][\w$]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*(row|params)\.([A-Za-z_$][\w$]*)\s*\}\}$/;
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const MISSING = Symbol('missing');

function lookUp(scope: DrillScope, where: string, name: string): unknown {
  const source: Record<string, unknown> = where === 'row' ? scope.row : scope.params;
  const v = Object.hasOwn(source, name) ? source[name] : undefined;
  return v === undefined || v === null || v === '' ? MISSING : v;
}

/** A template's value in `scope`; MISSING when a placeholder has no value. */
function resolve(template: string, scope: DrillScope): unknown {
  const whole = WHOLE.exec(template);
  if (whole) return lookUp(scope, whole[1]!, whole[2]!);
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, where: string, name: string) => {
    const v = lookUp(scope, where, name);
    if (v === MISSING) {
      missing = true;
      return '';
    }
    return queryText(v) ?? '';
  });
  return missing ? MISSING : text;
}

/** "module.name" as its two parts, when both are names (the module one of the app's). */
function splitKey(key: unknown): { module: string; name: string } | null {
  if (typeof key !== 'string') return null;
  const [module = '', name = '', ...rest] = key.split('.');
  // (the list itself: isModuleName's set would be drawn into the login route's entry chunk)
  const known = (MODULES as readonly string[]).includes(module);
  return rest.length === 0 && known && NAME.test(name) ? { module, name } : null;
}

/** The path a figure drills down to, or null when it does not drill (a value it needs is missing). */
export function drillPath(drill: ReportDrill | undefined, scope: DrillScope): string | null {
  if (!drill) return null;
  if (drill.report) {
    const target = splitKey(drill.report);
    if (!target) return null;
    const entries: [string, unknown][] = [];
    for (const [name, template] of Object.entries(drill.params ?? {})) {
      const v = resolve(template, scope);
      if (v === MISSING) {
        // only an empty parameter of the report itself is passed on as empty
        if (WHOLE.exec(template)?.[1] === 'params') continue;
        return null;
      }
      entries.push([name, v]);
    }
    const query = buildQuery(entries);
    return `/${target.module}/report/${target.name}${query ? `?${query}` : ''}`;
  }
  if (drill.entity && drill.idField) {
    const target = splitKey(resolve(drill.entity, scope));
    const id = lookUp(scope, 'row', drill.idField);
    const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
    if (!target || !Number.isSafeInteger(n) || n <= 0) return null;
    return `/${target.module}/${target.name}?open=${n}`;
  }
  return null;
}
