/**
 * Validation of a Create/Update `values` object: at most `maxItems` lines per child table (417 on
 * the table), computed fields (runtime/shared/rules.ts) first,
 * then the field schema (417, ServerMessageTexts), the lines of each child table (417,
 * TableMessageTexts with the 0-based RowIndex), then the document's cross-field rules (417 with
 * Data.BusinessErrors, and TableMessageTexts for a rule that names its line). The same rule module
 * runs in the browser. A line may carry `id`, the stored line it was read from (kept apart from
 * validation, put back on the valid line): an Update keeps that line's id (lines.ts) and its
 * restricted fields (server/security/lineGuard.ts).
 */
import { DEFAULT_MAX_ITEMS } from '../../runtime/shared/bounds';
import type { Lang } from '../../runtime/shared/definition';
import type { ServerMessage, TableMessage } from '../../runtime/shared/envelope';
import { applyComputed, brokenRules } from '../../runtime/shared/rules';
import { missingRequired } from '../../runtime/shared/requiredWhen';
import { violationText } from '../../runtime/shared/ruleMessages';
import { documentBudget, withinRuleBudget } from '../../runtime/shared/ruleBudget';
import { errorField, errorKey } from '../../runtime/shared/validation';
import type { ChildEntity, Entity } from '../definitions/registry';
import { HttpError, badRequest, invalid } from '../http/errors';
import { cellMessage, fieldMessage, textParams } from '../i18n';
import { TEXT_KEY } from '../../runtime/shared/envelope';
import type { Row } from './rows';
import { kindErrors } from './kindChecks';

export type Lines = Record<string, Row[]>;

export interface ValidDocument {
  values: Row;
  lines: Lines;
}

/** Drops nulls (empty inputs). */
function clean(values: object): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) if (v !== null) out[k] = v;
  return out;
}

function isObject(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The stored line id a sent line names (undefined when none); anything but a positive integer: 400. */
function lineId(line: Row): number | undefined {
  const id = line.id;
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw badRequest();
  return id;
}

function withIds(rows: Row[], ids: (number | undefined)[]): Row[] {
  return rows.map((row, i) => (ids[i] === undefined ? row : { ...row, id: ids[i] }));
}

/**
 * 417 BusinessRuleViolated with Data.BusinessErrors; `table` names the offending cells of rules
 * that blame a line (rule.line), so the form marks them.
 */
export function businessError(messages: string[], table: TableMessage[] = []): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], table, {}, { BusinessErrors: messages });
}

function lineErrors(child: ChildEntity, lines: Row[], lang: Lang): TableMessage[] {
  const out: TableMessage[] = [];
  lines.forEach((line, index) => {
    const seen = new Set<string>();
    if (!child.validate(line)) {
      for (const e of child.validate.errors ?? []) {
        const field = errorField(e);
        if (seen.has(field)) continue;
        seen.add(field);
        out.push(cellMessage(lang, child.name, index, field, errorKey(e), { ...e.params }));
      }
      return;
    }
    for (const { field, message } of kindErrors(child.def, line, lang)) {
      seen.add(field);
      out.push({ TableName: child.name, RowIndex: index, FieldName: field, ...message });
    }
    // a field a condition makes required (runtime/shared/requiredWhen.ts, as the form marks it)
    for (const field of child.def.rules ? missingRequired(child.def.rules, line) : []) {
      if (seen.has(field)) continue;
      seen.add(field);
      out.push(
        cellMessage(lang, child.name, index, field, 'validation.required', { missingProperty: field }),
      );
    }
    for (const broken of child.def.rules ? brokenRules(child.def.rules, line) : []) {
      const field = broken.fields[0] ?? '';
      if (seen.has(field)) continue;
      seen.add(field);
      out.push(
        cellMessage(lang, child.name, index, field, TEXT_KEY, textParams(violationText(broken, lang))),
      );
    }
  });
  return out;
}

/** A document's values checked, its rules within one budget for the whole save (documentBudget). */
export function validateDocument(entity: Entity, values: unknown, lang: Lang): ValidDocument {
  const lines = isObject(values)
    ? entity.children.reduce(
        (n, c) => n + (Array.isArray(values[c.name]) ? (values[c.name] as unknown[]).length : 0),
        0,
      )
    : 0;
  return withinRuleBudget(() => validateWithin(entity, values, lang), documentBudget(lines));
}

function validateWithin(entity: Entity, values: unknown, lang: Lang): ValidDocument {
  if (!isObject(values)) throw badRequest();
  const lines: Lines = {};
  const own: Row = {};
  const childNames = new Set(entity.children.map((c) => c.name));
  for (const [k, v] of Object.entries(values)) if (!childNames.has(k)) own[k] = v;
  const fields: ServerMessage[] = [];
  const table: TableMessage[] = [];
  const ids: Record<string, (number | undefined)[]> = {};
  for (const child of entity.children) {
    const given = values[child.name] ?? [];
    if (!Array.isArray(given) || !given.every(isObject)) throw badRequest();
    // refused before any line is computed: the bound is what keeps the write's cost in check
    const maxItems = child.def.maxItems ?? DEFAULT_MAX_ITEMS;
    if (given.length > maxItems)
      throw invalid([fieldMessage(lang, child.name, 'validation.maxItems', { limit: maxItems })]);
    ids[child.name] = given.map(lineId);
    const rows = given.map(({ id: _id, ...line }) => {
      const row = clean(line);
      return child.def.rules ? applyComputed(child.def.rules, row) : row;
    });
    lines[child.name] = rows;
    if (rows.length < (child.def.minItems ?? 0))
      fields.push(fieldMessage(lang, child.name, 'validation.minItems', { limit: child.def.minItems }));
    table.push(...lineErrors(child, rows, lang));
  }
  let doc = clean(own);
  const rules = entity.def.rules;
  if (rules) doc = applyComputed(rules, { ...doc, ...lines });
  for (const child of entity.children) delete doc[child.name];
  if (!entity.validate(doc)) {
    const seen = new Set(fields.map((f) => f.FieldName));
    for (const e of entity.validate.errors ?? []) {
      const field = errorField(e);
      if (seen.has(field)) continue;
      seen.add(field);
      fields.push(fieldMessage(lang, field, errorKey(e), { ...e.params }));
    }
  } else
    for (const { field, message } of kindErrors(entity.def, doc, lang))
      fields.push({ FieldName: field, ...message });
  // a field a condition makes required (runtime/shared/requiredWhen.ts, as the form marks it)
  if (rules) {
    const seen = new Set(fields.map((f) => f.FieldName));
    for (const field of missingRequired(rules, { ...doc, ...lines }))
      if (!seen.has(field))
        fields.push(fieldMessage(lang, field, 'validation.required', { missingProperty: field }));
  }
  if (fields.length > 0 || table.length > 0) throw invalid(fields, table);
  if (rules) {
    const broken = brokenRules(rules, { ...doc, ...lines });
    if (broken.length > 0) {
      const cells = broken.flatMap((b): TableMessage[] =>
        b.line
          ? [
              cellMessage(
                lang,
                b.line.table,
                b.line.index,
                b.line.field,
                TEXT_KEY,
                textParams(violationText(b, lang)),
              ),
            ]
          : [],
      );
      throw businessError(
        broken.map((b) => violationText(b, lang)),
        cells,
      );
    }
  }
  for (const child of entity.children)
    lines[child.name] = withIds(lines[child.name] ?? [], ids[child.name] ?? []);
  return { values: doc, lines };
}
