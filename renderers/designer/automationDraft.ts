/**
 * A definition's automations (runtime/shared/automation.ts) as the designer's «automations» tab
 * edits them: the event split into its kind and field, the condition and every value as a formula
 * (runtime/shared/formula), the notification's text per language. Pure functions, no UI. A formula
 * keeps the JSON Logic it was made from until its text is edited (ruleRows.ts), so an untouched
 * automation is given back as it came.
 */
import type {
  AutomationAction,
  AutomationDefinition,
  AutomationEvent,
  AutomationPhase,
} from '../../runtime/shared/automation';
import { AUTOMATION_EVENTS, parseEvent } from '../../runtime/shared/automation';
import { automationLookupProblems, automationProblems } from '../../runtime/shared/automationCheck';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { printFormula, type NameStyle, type NameTable } from '../../runtime/shared/formula';
import type { Expr } from '../../runtime/shared/rules';
import { cellOf, editCell, type FormulaCell } from './ruleRows';

/** The events an analyst picks from: the plain ones, a field changed, a date reached. */
export const EVENT_KINDS = [...AUTOMATION_EVENTS, 'changed', 'dateReached'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const ACTION_KINDS = ['setField', 'createDocument', 'notify', 'webhook'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface TemplateRow {
  /** A field (or child table) of the document made. */
  field: string;
  value: FormulaCell;
}

export type ActionDraft =
  | { kind: 'setField'; field: string; value: FormulaCell }
  | { kind: 'createDocument'; entity: string; template: TemplateRow[] }
  | { kind: 'notify'; to: 'role' | 'user'; role: string; user: string; fa: string; en: string }
  | { kind: 'webhook'; endpoint: string };

export interface AutomationDraft {
  name: string;
  event: EventKind;
  /** The field a `changed` or `dateReached` event names ('' for the others). */
  field: string;
  offsetDays?: number;
  /** The condition; an empty text: always. */
  when: FormulaCell;
  /** Absent: after commit (the default), as the definition said nothing. */
  phase?: AutomationPhase;
  actions: ActionDraft[];
  /** The declaration's keys in the order it came with (given back in that order). */
  order?: string[];
}

/** One problem of the drafts: where (the automation, the action), the text's key and values. */
export interface DraftProblem {
  automation: number;
  action?: number;
  /** An i18n key (automationDesigner.problem.* or designerCheck.*). */
  key: string;
  params: Record<string, unknown>;
}

export const NAME_PATTERN = /^[a-z][A-Za-z0-9]{0,62}$/;
export const OFFSET_LIMIT = 3650;

const EMPTY_CELL: FormulaCell = { text: '', json: false };

function actionDraft(action: AutomationAction, names: NameTable, style: NameStyle): ActionDraft {
  const cell = (e: Expr) => cellOf(e, names, style);
  if ('setField' in action)
    return { kind: 'setField', field: action.setField.field, value: cell(action.setField.value) };
  if ('createDocument' in action)
    return {
      kind: 'createDocument',
      entity: action.createDocument.entity,
      template: Object.entries(action.createDocument.template).map(([field, e]) => ({
        field,
        value: cell(e),
      })),
    };
  if ('notify' in action) {
    const n = action.notify;
    return {
      kind: 'notify',
      to: n.user !== undefined && n.role === undefined ? 'user' : 'role',
      role: n.role ?? '',
      user: n.user ?? '',
      fa: n.text.fa,
      en: n.text.en ?? '',
    };
  }
  return { kind: 'webhook', endpoint: action.webhook.endpoint };
}

/** The drafts of a definition's automations (formulas printed with `names` in `style`). */
export function draftsOf(
  automations: AutomationDefinition[] | undefined,
  names: NameTable,
  style: NameStyle,
): AutomationDraft[] {
  return (automations ?? []).map((a) => {
    const { kind, field } = parseEvent(a.on);
    const draft: AutomationDraft = {
      name: a.name,
      event: (EVENT_KINDS as readonly string[]).includes(kind) ? (kind as EventKind) : 'created',
      field: field ?? '',
      when: a.when === undefined ? EMPTY_CELL : cellOf(a.when, names, style),
      actions: a.actions.map((x) => actionDraft(x, names, style)),
      order: Object.keys(a),
    };
    if (a.offsetDays !== undefined) draft.offsetDays = a.offsetDays;
    if (a.phase !== undefined) draft.phase = a.phase;
    return draft;
  });
}

/** A new automation: a free name, on created, no condition, no action yet. */
export function newDraft(drafts: AutomationDraft[]): AutomationDraft {
  const taken = new Set(drafts.map((d) => d.name));
  let n = drafts.length + 1;
  while (taken.has(`automation${n}`)) n++;
  return { name: `automation${n}`, event: 'created', field: '', when: EMPTY_CELL, actions: [] };
}

/** A new action of `kind`, empty. */
export function newAction(kind: ActionKind): ActionDraft {
  if (kind === 'setField') return { kind, field: '', value: EMPTY_CELL };
  if (kind === 'createDocument') return { kind, entity: '', template: [] };
  if (kind === 'notify') return { kind, to: 'role', role: '', user: '', fa: '', en: '' };
  return { kind, endpoint: '' };
}

/**
 * The draft on another event: the field and the offset kept only where the event takes them; a
 * date reached runs on its own, never in the write's transaction.
 */
export function withEvent(draft: AutomationDraft, event: EventKind): AutomationDraft {
  const next: AutomationDraft = { ...draft, event };
  if (event !== 'changed' && event !== 'dateReached') next.field = '';
  if (event !== 'dateReached') delete next.offsetDays;
  if (event === 'dateReached' && next.phase === 'inTransaction') delete next.phase;
  return next;
}

/** The formula cell after the analyst typed `text` (empty: no formula). */
export function typed(text: string, names: NameTable): FormulaCell {
  return text.trim() ? editCell(text, names) : { ...EMPTY_CELL, text };
}

function eventOf(d: AutomationDraft): AutomationEvent {
  return d.event === 'changed' || d.event === 'dateReached'
    ? (`${d.event}:${d.field}` as AutomationEvent)
    : d.event;
}

/** The declaration with its keys in `order` (as it came), the others after them. */
function inOrder(parts: Partial<AutomationDefinition>, order: string[] = []): AutomationDefinition {
  const keys = [
    ...order.filter((k) => Object.hasOwn(parts, k)),
    ...Object.keys(parts).filter((k) => !order.includes(k)),
  ];
  return Object.fromEntries(
    keys.map((k) => [k, parts[k as keyof AutomationDefinition]]),
  ) as unknown as AutomationDefinition;
}

/** The automations the drafts make, and what keeps a draft from making one (its own problems). */
export function automationsOfDrafts(drafts: AutomationDraft[]): {
  automations: AutomationDefinition[] | undefined;
  problems: DraftProblem[];
} {
  const problems: DraftProblem[] = [];
  const automations = drafts.map((d, i) => {
    const problem = (key: string, action?: number, params: Record<string, unknown> = {}) =>
      problems.push({ automation: i, ...(action === undefined ? {} : { action }), key, params });
    const formula = (c: FormulaCell, action?: number): Expr => {
      if (c.error || c.expr === undefined) problem('automationDesigner.problem.formula', action);
      return c.expr ?? null;
    };
    if (!NAME_PATTERN.test(d.name)) problem('automationDesigner.problem.name');
    if ((d.event === 'changed' || d.event === 'dateReached') && !d.field)
      problem('automationDesigner.problem.eventField');
    if (
      d.offsetDays !== undefined &&
      (!Number.isInteger(d.offsetDays) || Math.abs(d.offsetDays) > OFFSET_LIMIT)
    )
      problem('automationDesigner.problem.offset', undefined, { limit: OFFSET_LIMIT });
    if (!d.actions.length) problem('automationDesigner.problem.noActions');
    const parts: Partial<AutomationDefinition> = { name: d.name, on: eventOf(d) };
    if (d.offsetDays !== undefined) parts.offsetDays = d.offsetDays;
    if (d.when.text.trim() || d.when.expr !== undefined) parts.when = formula(d.when);
    if (d.phase !== undefined) parts.phase = d.phase;
    parts.actions = d.actions.map((a, j): AutomationAction => {
      if (a.kind === 'setField') {
        if (!a.field) problem('automationDesigner.problem.field', j);
        return { setField: { field: a.field, value: formula(a.value, j) } };
      }
      if (a.kind === 'createDocument') {
        if (!a.entity) problem('automationDesigner.problem.entity', j);
        const template: Record<string, Expr> = {};
        for (const row of a.template) {
          if (!row.field) problem('automationDesigner.problem.field', j);
          else if (Object.hasOwn(template, row.field))
            problem('automationDesigner.problem.twice', j, { field: row.field });
          template[row.field] = formula(row.value, j);
        }
        return { createDocument: { entity: a.entity, template } };
      }
      if (a.kind === 'notify') {
        const who = a.to === 'role' ? a.role : a.user;
        if (!who) problem(`automationDesigner.problem.${a.to}`, j);
        if (!a.fa.trim()) problem('automationDesigner.problem.textFa', j);
        const text = a.en ? { fa: a.fa, en: a.en } : { fa: a.fa };
        return { notify: a.to === 'role' ? { role: a.role, text } : { user: a.user, text } };
      }
      if (!a.endpoint) problem('automationDesigner.problem.endpoint', j);
      return { webhook: { endpoint: a.endpoint } };
    });
    return inOrder(parts, d.order);
  });
  return { automations: automations.length ? automations : undefined, problems };
}

/** The definition with `automations` (absent when there are none). */
export function withAutomations(
  definition: EntityDefinition,
  automations: AutomationDefinition[] | undefined,
): EntityDefinition {
  const next = { ...definition };
  if (automations) next.automations = automations;
  else delete next.automations;
  return next;
}

/** The automation and action a JSON path of the definition points at (/automations/i/actions/j/…). */
export function placeOf(path: string): { automation: number; action?: number } | undefined {
  const m = /^\/automations\/(\d+)(?:\/actions\/(\d+))?/.exec(path);
  if (!m) return undefined;
  return m[2] === undefined
    ? { automation: Number(m[1]) }
    : { automation: Number(m[1]), action: Number(m[2]) };
}

export interface CheckContext {
  /** The definition of an entity a document is made of, when it was loaded. */
  defOf: (key: string) => EntityDefinition | undefined;
  /** Entities the designer lists (one not loaded yet is not called unknown). */
  entities: ReadonlySet<string>;
  /** Webhook endpoint names an admin made; undefined: not known (not checked). */
  endpoints?: ReadonlySet<string>;
  /** Endpoints the definition in force names already (allowed as the server allows them). */
  endpointsBefore?: ReadonlySet<string>;
}

/**
 * The checks the server makes on publish (runtime/shared/automationCheck.ts, the same code), by
 * automation and action, over the definition with the drafts' automations.
 */
export function sharedProblems(definition: EntityDefinition, check: CheckContext): DraftProblem[] {
  const out: DraftProblem[] = [];
  const push = (p: { path: string; key: string; params: Record<string, unknown> }) => {
    const at = placeOf(p.path);
    if (at) out.push({ ...at, key: `designerCheck.${p.key}`, params: p.params });
  };
  automationProblems(definition).forEach(push);
  // a target not loaded yet but listed is left for later (its fields are not known yet)
  const defOf = (key: string) => check.defOf(key);
  automationLookupProblems(definition, defOf)
    .filter((p) => !(p.key === 'automationEntity' && check.entities.has(String(p.params.entity))))
    .forEach(push);
  const endpoints = check.endpoints;
  if (endpoints)
    (definition.automations ?? []).forEach((a, i) =>
      a.actions.forEach((x, j) => {
        const name = 'webhook' in x ? x.webhook.endpoint : '';
        if (name && !endpoints.has(name) && !check.endpointsBefore?.has(name))
          out.push({
            automation: i,
            action: j,
            key: 'automationDesigner.check.automationEndpoint',
            params: { endpoint: name },
          });
      }),
    );
  return out;
}

/** Every problem of the drafts: their own, then the shared checks' once they make automations. */
export function draftProblems(
  definition: EntityDefinition,
  drafts: AutomationDraft[],
  check: CheckContext,
): { automations: AutomationDefinition[] | undefined; problems: DraftProblem[] } {
  const made = automationsOfDrafts(drafts);
  const shared = sharedProblems(withAutomations(definition, made.automations), check).filter(
    // a field or entity not chosen yet is told once, as the draft's own problem
    (p) => !Object.values(p.params).some((v) => v === ''),
  );
  // a name in braces the server would pass as plain text (not a field's key: e.g. a label typed wrong)
  const keys = Object.keys(definition.schema.properties).map((key) => ({ key, label: key }));
  const braced: DraftProblem[] = [];
  drafts.forEach((d, i) =>
    d.actions.forEach((a, j) => {
      if (a.kind !== 'notify') return;
      for (const name of [...unknownPlaceholders(a.fa, keys), ...unknownPlaceholders(a.en, keys)])
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
          braced.push({
            automation: i,
            action: j,
            key: 'designerCheck.automationPlaceholder',
            params: { field: name },
          });
    }),
  );
  return { automations: made.automations, problems: [...made.problems, ...shared, ...braced] };
}

/** `{field}` placeholders the text may name: the document's fields, offered by label. */
export function insertPlaceholder(text: string, field: string, at = text.length): string {
  return `${text.slice(0, at)}{${field}}${text.slice(at)}`;
}

/** A field a notification's text may name, with its label in the analyst's language. */
export interface PlaceholderField {
  key: string;
  label: string;
}

const BRACED = /\{([^{}]+)\}/g;

/** The stored text (`{key}`) as the analyst reads it (`{label}`); a label used twice stays a key. */
export function textWithLabels(text: string, fields: PlaceholderField[]): string {
  return text.replace(BRACED, (whole, name: string) => {
    const f = fields.find((x) => x.key === name);
    if (!f || fields.filter((x) => x.label === f.label).length > 1) return whole;
    return `{${f.label}}`;
  });
}

/** The text as typed (`{label}` or `{key}`) as stored (`{key}`); an unknown name is left as typed. */
export function textWithKeys(text: string, fields: PlaceholderField[]): string {
  return text.replace(BRACED, (whole, name: string) => {
    const wanted = name.trim();
    if (fields.some((x) => x.key === wanted)) return `{${wanted}}`;
    const hits = fields.filter((x) => x.label === wanted);
    return hits.length === 1 ? `{${hits[0]!.key}}` : whole;
  });
}

/** Names in braces that are no field's key (shown to the analyst before the server refuses them). */
export function unknownPlaceholders(text: string, fields: PlaceholderField[]): string[] {
  return [...text.matchAll(BRACED)].map((m) => m[1]!).filter((n) => !fields.some((f) => f.key === n));
}

/** The drafts' formulas printed again with other names (a formula with a problem keeps its text). */
export function restyleDrafts(
  drafts: AutomationDraft[],
  names: NameTable,
  style: NameStyle,
): AutomationDraft[] {
  const again = (c: FormulaCell): FormulaCell =>
    c.error || c.expr === undefined || c.json ? c : { ...c, text: printFormula(c.expr, { names, style }) };
  return drafts.map((d) => ({
    ...d,
    when: again(d.when),
    actions: d.actions.map((a) => {
      if (a.kind === 'setField') return { ...a, value: again(a.value) };
      if (a.kind === 'createDocument')
        return { ...a, template: a.template.map((r) => ({ ...r, value: again(r.value) })) };
      return a;
    }),
  }));
}
