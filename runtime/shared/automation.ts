/**
 * Automations declared in a definition (`automations`, docs/automations.md): on a document event
 * (created, updated, finalised, cancelled, a field changed, a date reached), when a condition holds,
 * do actions: set a field, create a related document from a template, notify a role or a user (the
 * bell in the shell), call a webhook endpoint an admin configured (by NAME: a definition never holds
 * a URL, so an analyst publishing one cannot send data to any host). Checked on publish
 * (server/definitions/automationCheck.ts), run by server/automations/*.
 *
 * Example (sales invoice):
 *   "automations": [{ "name": "bigInvoice", "on": "finalised", "phase": "afterCommit",
 *     "when": { ">": [{ "var": "grandTotal" }, 500000000] },
 *     "actions": [{ "notify": { "role": "admin",
 *       "text": { "fa": "فاکتور {number} نهایی شد", "en": "Invoice {number} was finalised" } } }] }]
 */
import type { LocalText } from './definition';
import type { Expr } from './rules';

/** A plain event (`changed:<field>` and `dateReached:<field>` name a field after the colon). */
export const AUTOMATION_EVENTS = ['created', 'updated', 'finalised', 'cancelled'] as const;
export type AutomationPlainEvent = (typeof AUTOMATION_EVENTS)[number];
/** `created` | `updated` | `finalised` | `cancelled` | `changed:<field>` | `dateReached:<dateField>`. */
export type AutomationEvent = AutomationPlainEvent | `changed:${string}` | `dateReached:${string}`;

/** Inside the write's transaction (a failure refuses the write) or after it committed (logged). */
export type AutomationPhase = 'inTransaction' | 'afterCommit';

/** Sets a field of the document to the value of an expression over it. */
export interface SetFieldAction {
  setField: { field: string; value: Expr };
}

/** Creates a document of `entity` whose values are the template's expressions over the document. */
export interface CreateDocumentAction {
  createDocument: { entity: string; template: Record<string, Expr> };
}

/** An in-app notification to the users of a role or to one user (by username). */
export interface NotifyAction {
  notify: { role?: string; user?: string; text: LocalText };
}

/** A signed POST of the document to the webhook endpoint an admin named `endpoint`. */
export interface WebhookAction {
  webhook: { endpoint: string };
}

export type AutomationAction = SetFieldAction | CreateDocumentAction | NotifyAction | WebhookAction;

export interface AutomationDefinition {
  /** Unique within the definition: named in logs, deliveries and the once-a-day record. */
  name: string;
  on: AutomationEvent;
  /** With `dateReached`: days after the date (negative: before it). */
  offsetDays?: number;
  /** A condition over the document (the shared rule evaluator); absent: always. */
  when?: Expr;
  /** Absent: `afterCommit`. `dateReached` automations always run on their own (afterCommit). */
  phase?: AutomationPhase;
  actions: AutomationAction[];
}

/** The event's kind and the field it names (changed, dateReached). */
export function parseEvent(on: string): { kind: string; field: string | null } {
  const at = on.indexOf(':');
  return at < 0 ? { kind: on, field: null } : { kind: on.slice(0, at), field: on.slice(at + 1) };
}

/** The action's kind (its one key). */
export function actionKind(action: AutomationAction): 'setField' | 'createDocument' | 'notify' | 'webhook' {
  if ('setField' in action) return 'setField';
  if ('createDocument' in action) return 'createDocument';
  if ('notify' in action) return 'notify';
  return 'webhook';
}

/** Placeholders `{field}` of a text template. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** The text with each `{field}` replaced by `value(field)`. */
export function fillTemplate(text: string, value: (field: string) => string): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, f: string) => value(f));
}
