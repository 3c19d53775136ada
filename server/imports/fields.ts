/**
 * The fields an import may fill and how a file's columns are matched to them. A field is
 * importable when the user may see it (not hidden for the role, server/security/fieldAccess.ts;
 * a read-only one names rows but is never changed), it is stored (no aggregate), not read-only in
 * the schema and not a file. Lines of a document are fields of its child tables, named
 * `child.field`, on the first sheet (a document per group of rows) or on a lines sheet naming the
 * document by its key (IMPORT_DOC_KEY, docs/import.md).
 */
import { localText, type FieldMeta, type Lang } from '../../runtime/shared/definition';
import { fieldLabel, isFileKind, kindOf, type KindSource } from '../../runtime/shared/fieldKind';
import { IMPORT_DOC_KEY, type ImportField, type ImportMapping } from '../../runtime/shared/imports';
import { headerKey } from '../../runtime/shared/treasury';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { t } from '../i18n';
import { fieldModes, type FieldMode } from '../security/fieldAccess';

/** An importable field: of the record (`child` absent) or of a child table's lines. */
export interface TargetField {
  /** `field`, or `child.field` for a line's field. */
  name: string;
  field: string;
  child?: string;
  source: KindSource;
  meta: FieldMeta | undefined;
  required: boolean;
}

function ownFields(source: KindSource & { schema: { required?: string[] } }, child?: string): TargetField[] {
  const out: TargetField[] = [];
  const required = new Set(source.schema.required ?? []);
  for (const [field, schema] of Object.entries(source.schema.properties)) {
    const meta = Object.hasOwn(source.fields, field) ? source.fields[field] : undefined;
    if (schema.readOnly || meta?.aggregate || isFileKind(kindOf(source, field))) continue;
    out.push({
      name: child ? `${child}.${field}` : field,
      field,
      ...(child ? { child } : {}),
      source,
      meta,
      required: required.has(field),
    });
  }
  return out;
}

/** The fields of `entity` the user may import, record fields first, then each child's. */
export async function importFields(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  modes?: Map<string, FieldMode>,
): Promise<TargetField[]> {
  const m = modes ?? (await fieldModes(ctx, user, entity));
  // a read-only field stays: it names the row to update (a party's own code); the write path keeps
  // its stored value (field modes step), so the file never changes it
  const own = ownFields(entity.def).filter((f) => m.get(f.field) !== 'hidden');
  // a line field hidden for the role (`child.field`) is no column either
  const lines = entity.children
    .flatMap((c) => ownFields(c.def, c.name))
    .filter((f) => m.get(f.name) !== 'hidden');
  return [...own, ...lines];
}

/** A field's header in the template: its label, a line's with its table's («مبلغ (اقلام)»). */
export function fieldHeader(entity: Entity, f: TargetField, lang: Lang): string {
  const label = fieldLabel(f.source, f.field, lang);
  if (!f.child) return label;
  const child = entity.def.children?.[f.child];
  return `${label} (${localText(child?.label, lang) || f.child})`;
}

/** Whether the file may name documents by a key column: the entity has lines. */
export const hasDocKey = (entity: Entity): boolean => entity.children.length > 0;

/** The document key column's header (IMPORT_DOC_KEY). */
export const docKeyHeader = (lang: Lang): string => t(lang, 'importSheets.docKey');

export function wireFields(entity: Entity, fields: TargetField[], lang: Lang): ImportField[] {
  const out = fields.map((f) => ({
    name: f.name,
    label: fieldHeader(entity, f, lang),
    required: f.required,
  }));
  return hasDocKey(entity)
    ? [{ name: IMPORT_DOC_KEY, label: docKeyHeader(lang), required: false }, ...out]
    : out;
}

/**
 * Columns matched to fields by header: the header in fa or en as the template writes it, the
 * plain label in fa or en, or the field's name (spaces, half-spaces, dashes, case and Arabic
 * letters do not matter). Each field takes the first column naming it.
 */
export function autoMapping(
  entity: Entity,
  fields: TargetField[],
  headers: string[],
  linesOnly = false,
): ImportMapping {
  const byKey = new Map<string, string>();
  if (hasDocKey(entity))
    for (const text of [docKeyHeader('fa'), docKeyHeader('en'), IMPORT_DOC_KEY])
      byKey.set(headerKey(text), IMPORT_DOC_KEY);
  if (linesOnly) fields = fields.filter((f) => f.child);
  for (const f of fields)
    for (const text of [
      fieldHeader(entity, f, 'fa'),
      fieldHeader(entity, f, 'en'),
      ...(f.child ? [] : [fieldLabel(f.source, f.field, 'fa'), fieldLabel(f.source, f.field, 'en')]),
      f.name,
    ]) {
      const key = headerKey(text.replace(/\*$/, ''));
      if (key && !byKey.has(key)) byKey.set(key, f.name);
    }
  const out: ImportMapping = {};
  const taken = new Set<string>();
  headers.forEach((h, i) => {
    const name = byKey.get(headerKey(h.replace(/\*$/, '')));
    if (name && !taken.has(name)) {
      out[String(i)] = name;
      taken.add(name);
    }
  });
  return out;
}
