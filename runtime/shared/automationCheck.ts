/**
 * Checks of a definition's `automations` (runtime/shared/automation.ts, docs/automations.md), each
 * problem with its JSON path and a `designerCheck.{key}` text. Pure: the server (safety.ts, load.ts,
 * lowcode/publish.ts) and the designer's automations tab (renderers/designer) use the same code;
 * what needs the database (the webhook endpoints) is server/definitions/automationCheck.ts.
 * - on their own (automationProblems, part of safety.ts: at start and on Plan/Publish): names
 *   unique; the event's field a field of the document (a date for dateReached, a lifecycle for
 *   finalised/cancelled); a set field a stored, writable field; a notification names exactly one
 *   role or user and its placeholders name fields; every expression safe (automationExpressions);
 * - against the other definitions (automationLookupProblems, at start and on Publish): the entity
 *   a createDocument names exists, is not written only by the server or the admin (`writes`), and
 *   its template's keys are its fields or child tables.
 * A webhook names an endpoint (a name, never a URL: the schema's pattern refuses `:` and `/`); the
 * endpoint is the admin's, looked up when the automation runs.
 */
import type { EntityDefinition } from './definition';
import { kindOf } from './fieldKind';
import { parseEvent, placeholders } from './automation';
import type { Expr } from './rules';

export interface AutomationProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

const has = (def: EntityDefinition, field: string) => Object.hasOwn(def.schema.properties, field);

/** Problems of the declarations on their own (the definition as in force). */
export function automationProblems(def: EntityDefinition): AutomationProblem[] {
  const out: AutomationProblem[] = [];
  const seen = new Set<string>();
  (def.automations ?? []).forEach((a, i) => {
    const at = `/automations/${i}`;
    if (seen.has(a.name)) out.push({ path: `${at}/name`, key: 'automationName', params: { name: a.name } });
    seen.add(a.name);
    const { kind, field } = parseEvent(a.on);
    if ((kind === 'finalised' || kind === 'cancelled') && !def.lifecycle)
      out.push({ path: `${at}/on`, key: 'automationLifecycle', params: { event: a.on } });
    if (field !== null && (!has(def, field) || (kind === 'dateReached' && kindOf(def, field) !== 'date')))
      out.push({ path: `${at}/on`, key: 'automationEventField', params: { field } });
    if (a.offsetDays !== undefined && kind !== 'dateReached')
      out.push({ path: `${at}/offsetDays`, key: 'automationOffset', params: {} });
    if (kind === 'dateReached' && a.phase === 'inTransaction')
      out.push({ path: `${at}/phase`, key: 'automationDatePhase', params: {} });
    a.actions.forEach((action, j) => {
      const ap = `${at}/actions/${j}`;
      if ('setField' in action) {
        const f = action.setField.field;
        if (!has(def, f) || def.schema.properties[f]?.readOnly || f === def.numbering?.field)
          out.push({ path: `${ap}/setField/field`, key: 'automationSetField', params: { field: f } });
      } else if ('notify' in action) {
        const n = action.notify;
        if ((n.role === undefined) === (n.user === undefined))
          out.push({ path: `${ap}/notify`, key: 'automationRecipient', params: {} });
        for (const [lang, text] of Object.entries(n.text))
          for (const f of placeholders(text ?? ''))
            if (!has(def, f))
              out.push({
                path: `${ap}/notify/text/${lang}`,
                key: 'automationPlaceholder',
                params: { field: f },
              });
      }
    });
  });
  return out;
}

/** Every expression of the automations, with its JSON path (for the safety checks). */
export function automationExpressions(def: EntityDefinition): [string, Expr][] {
  const out: [string, Expr][] = [];
  (def.automations ?? []).forEach((a, i) => {
    if (a.when !== undefined) out.push([`/automations/${i}/when`, a.when]);
    a.actions.forEach((action, j) => {
      const ap = `/automations/${i}/actions/${j}`;
      if ('setField' in action) out.push([`${ap}/setField/value`, action.setField.value]);
      if ('createDocument' in action)
        for (const [f, e] of Object.entries(action.createDocument.template))
          out.push([`${ap}/createDocument/template/${f}`, e]);
    });
  });
  return out;
}

/** Problems of the entities the declarations name (`defOf`: a definition by key, as in force). */
export function automationLookupProblems(
  def: EntityDefinition,
  defOf: (key: string) => EntityDefinition | undefined,
): AutomationProblem[] {
  const out: AutomationProblem[] = [];
  (def.automations ?? []).forEach((a, i) =>
    a.actions.forEach((action, j) => {
      if (!('createDocument' in action)) return;
      const at = `/automations/${i}/actions/${j}/createDocument`;
      const target = defOf(action.createDocument.entity);
      if (!target) {
        out.push({
          path: `${at}/entity`,
          key: 'automationEntity',
          params: { entity: action.createDocument.entity },
        });
        return;
      }
      if (target.writes)
        out.push({
          path: `${at}/entity`,
          key: 'automationWrites',
          params: { entity: action.createDocument.entity },
        });
      for (const f of Object.keys(action.createDocument.template))
        if (!has(target, f) && !Object.hasOwn(target.children ?? {}, f))
          out.push({
            path: `${at}/template/${f}`,
            key: 'automationTemplateField',
            params: { field: f, entity: action.createDocument.entity },
          });
    }),
  );
  return out;
}

/**
 * What the designer's automations tab may offer (SystemConfig/Designer/AutomationChoices): roles
 * by label, active staff users by name, webhook endpoints by name only (never a URL or a secret).
 */
export interface AutomationChoices {
  roles: { key: string; label: { fa: string; en: string } }[];
  users: { username: string; name: string }[];
  endpoints: string[];
}
