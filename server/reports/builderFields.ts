/**
 * The report builder's field names resolved against the entity's definition (the whitelist of
 * every SQL identifier the report query uses): a document field by columnsOf, a line field
 * `child.field` by the child's schema. A name that is neither, or a field that is not stored
 * (aggregates, attachments), is a 400 naming the declaration's member; a field hidden from the
 * caller's role (document or line field, field permissions as GetList applies them) is a 400
 * naming the field (errors.FieldHidden): refused, never silently dropped, so a figure is never
 * shown as if it covered what it does not.
 */
import { localText, type FieldMeta, type Lang, type LookupSpec } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';
import type { KindSource } from '../../runtime/shared/fieldKinds/derive';
import { splitField } from '../../runtime/shared/reportBuilder';
import type { ChildEntity, Entity } from '../definitions/registry';
import { columnsOf, KIND_QUERY, type Kind } from '../entities/columns';
import { hiddenFieldError, listError } from '../entities/filters';
import { t } from '../i18n';

export interface ResolvedField {
  /** As the declaration names it (`total`, `lines.amount`). */
  field: string;
  /** The line table's child, or null for a document field. */
  child: ChildEntity | null;
  /** Column in its table (h = the document, l = the line). */
  column: string;
  kind: Kind;
  /** Integer storage: sums are read exactly (BigInt). */
  integer: boolean;
  money: boolean;
  lookup?: LookupSpec;
  /** The definition the field's values are displayed through (enum labels…). */
  source: KindSource;
  name: string;
  label: string;
}

export function resolveField(
  entity: Entity,
  field: string,
  hidden: ReadonlySet<string>,
  member: string,
  lang: Lang,
): ResolvedField {
  const { child: childName, name } = splitField(field);
  if (hidden.has(field)) throw hiddenFieldError(lang, field);
  if (childName === null) {
    const col = columnsOf(entity).get(name);
    if (!col || col.filter === 'none') throw listError(lang, member);
    const meta: FieldMeta | undefined = Object.hasOwn(entity.def.fields, name)
      ? entity.def.fields[name]
      : undefined;
    const schema = Object.hasOwn(entity.def.schema.properties, name)
      ? entity.def.schema.properties[name]
      : undefined;
    const kind = schema ? kindOf(entity.def, name) : null;
    return {
      field,
      child: null,
      column: col.column,
      kind: col.kind,
      integer: schema ? schema.type === 'integer' : name === 'id',
      money: kind === 'money',
      ...(meta?.lookup ? { lookup: meta.lookup } : {}),
      source: entity.def,
      name,
      label: meta ? localText(meta.label, lang) : t(lang, `report.systemFields.${name}`),
    };
  }
  const child = entity.children.find((c) => c.name === childName);
  const schema =
    child && Object.hasOwn(child.def.schema.properties, name) ? child.def.schema.properties[name] : undefined;
  if (!child || !schema) throw listError(lang, member);
  const meta = Object.hasOwn(child.def.fields, name) ? child.def.fields[name] : undefined;
  const kind = kindOf(child.def, name);
  const query = KIND_QUERY[kind];
  if (meta?.aggregate || query.filter(schema) === 'none') throw listError(lang, member);
  return {
    field,
    child,
    column: name,
    kind: query.report(schema),
    integer: schema.type === 'integer',
    money: kind === 'money',
    ...(meta?.lookup ? { lookup: meta.lookup } : {}),
    source: child.def,
    name,
    label: `${localText(child.def.label, lang)} · ${meta ? localText(meta.label, lang) : name}`,
  };
}

/** The line fields of an entity a report may name (`child.field`), less those hidden from the caller. */
export function lineFieldsOf(entity: Entity, hidden: ReadonlySet<string>, lang: Lang) {
  const out: { name: string; label: string; kind: Kind }[] = [];
  for (const child of entity.children)
    for (const name of Object.keys(child.def.schema.properties)) {
      const field = `${child.name}.${name}`;
      if (hidden.has(field)) continue;
      try {
        const f = resolveField(entity, field, hidden, field, lang);
        out.push({ name: field, label: f.label, kind: f.kind });
      } catch {
        // not stored (an aggregate, attachments): not reportable
      }
    }
  return out;
}
