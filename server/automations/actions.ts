/**
 * Runs the actions of one automation over one row (docs/automations.md), inside a transaction: the
 * write's own (phase inTransaction) or one of its own after the write committed (afterCommit,
 * dateReached). A failing action throws; the caller refuses the write or logs the failure.
 *
 * Rights: the automation runs as the system for what the definition itself declares on its own row
 * (setField, notify, webhook: the analyst who published it was allowed to), but a createDocument
 * made on a user's write needs that user's `create` permission on the target entity: a clerk's
 * save never makes a document the clerk could not make by hand. The values are checked as an API
 * Create's are (validateDocument) and the document goes through every step of the write pipeline.
 * Without a user (a date reached) it is the system's; publish refuses targets written only by the
 * server or the admin (automationCheck.ts).
 */
import type { Kysely } from 'kysely';
import { type Lang, localText } from '../../runtime/shared/definition';
import type { AutomationDefinition } from '../../runtime/shared/automation';
import { evaluate, type Expr } from '../../runtime/shared/rules';
import type { AppContext, CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import { storageOf, toStored } from '../db/kindStorage';
import type { Entity } from '../definitions/registry';
import { validateDocument } from '../entities/document';
import type { Row } from '../entities/rows';
import type { ServerWrite } from '../entities/write/state';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { entityPermissions } from '../security/permissions';
import { notify } from './notify';
import { enqueueWebhook } from './webhooks';

/** Where an automation's actions run. */
export interface ActionScope {
  readonly ctx: AppContext;
  readonly trx: Kysely<SystemTables>;
  readonly entity: Entity;
  /** The row as stored, with its lines (by child name). */
  readonly row: Row;
  readonly user: CurrentUser | null;
  readonly lang: Lang;
  readonly now: Date;
  /** How deep in automation-made writes this is (a guard against loops). */
  readonly depth: number;
  /** Runs a write of the server's own in the same transaction; `depth` goes to its automations. */
  writeIn(request: ServerWrite, depth: number): Promise<Row | null>;
  /** The row's field changed by setField (the write's answer shows it); afterCommit bumps the version. */
  changed(field: string, value: unknown): void;
  /** A webhook was queued: deliver after commit. */
  queued(): void;
}

/** A refusal naming the automation, in the request's language. */
export function automationError(name: string, reason: (lang: Lang) => string): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, 'automations.failed', { name, reason: reason(lang) })],
  }));
}

/** The value an expression gives for a field of `schema`, or undefined when it does not fit. */
function fitted(entity: Entity, field: string, value: unknown): unknown {
  const schema = entity.def.schema.properties[field];
  if (!schema) return undefined;
  if (value === null || value === undefined)
    return entity.def.schema.required?.includes(field) ? undefined : null;
  if (schema.enum && !schema.enum.includes(value as string | number)) return undefined;
  switch (schema.type) {
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
}

export async function runActions(s: ActionScope, a: AutomationDefinition): Promise<void> {
  const db = s.trx as unknown as Untyped;
  const data = s.row;
  for (const action of a.actions) {
    if ('setField' in action) {
      const { field } = action.setField;
      const value = fitted(s.entity, field, evaluate(action.setField.value, data));
      if (value === undefined)
        throw automationError(a.name, (lang) =>
          t(lang, 'automations.setFieldInvalid', {
            field: localText(s.entity.def.fields[field]?.label, lang) || field,
          }),
        );
      await db
        .updateTable(s.entity.table)
        .set({
          [field]:
            value === null
              ? null
              : toStored(storageOf(s.entity.def, field), value, s.ctx.dialect, s.entity.def.fields[field]),
        })
        .where('id', '=', Number(s.row.id))
        .execute();
      s.changed(field, value);
    } else if ('createDocument' in action) {
      const target = s.ctx.registry.byEntityKey(action.createDocument.entity);
      const title = (lang: Lang) => localText(target?.def.title, lang) || action.createDocument.entity;
      if (!target || target.def.writes)
        throw automationError(a.name, (lang) =>
          t(lang, 'automations.noCreateRight', { entity: title(lang), name: a.name }),
        );
      if (s.user && !(await entityPermissions(s.ctx, s.user, target.key, s.trx)).create)
        throw automationError(a.name, (lang) =>
          t(lang, 'automations.noCreateRight', { entity: title(lang), name: a.name }),
        );
      const input: Row = {};
      for (const [f, e] of Object.entries(action.createDocument.template))
        input[f] = evaluate(e as Expr, data);
      const doc = validateDocument(target, input, s.lang);
      await s.writeIn(
        {
          source: 'server',
          action: 'create',
          entity: target,
          user: s.user,
          lang: s.lang,
          values: doc.values,
          lines: doc.lines,
        },
        s.depth + 1,
      );
    } else if ('notify' in action) {
      await notify(s.ctx, s.trx, s.entity, data, a.name, action.notify, s.now);
    } else {
      await enqueueWebhook(
        db,
        {
          endpoint: action.webhook.endpoint,
          entity: s.entity.key,
          rowId: Number(s.row.id),
          automation: a.name,
          event: a.on,
          payload: data,
        },
        s.now,
      );
      s.queued();
    }
  }
}
