/**
 * Field permissions on the lines of a Create/Update (`values[child]`, docs/lowcode-api.md): a hidden
 * line field sent with a value is refused on its cell (TableMessageTexts, RowIndex = its index in
 * the array sent); otherwise hidden and read-only line fields take, on a line that names a stored
 * line of the document by its `id`, that line's stored value, and on any other line no value (the
 * line then gets its computed value, or none). Computed line fields are computed again afterwards
 * (validateDocument), from these values.
 */
import type { Lang } from '../../runtime/shared/definition';
import type { TableMessage } from '../../runtime/shared/envelope';
import type { Entity } from '../definitions/registry';
import { cellMessage } from '../i18n';
import { lineFieldsByMode, type FieldMode } from './lineFields';

type Row = Record<string, unknown>;

function isRow(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The cells of hidden line fields sent with a value. */
export function refusedLineCells(
  modes: ReadonlyMap<string, FieldMode>,
  values: Row,
  lang: Lang,
): TableMessage[] {
  const out: TableMessage[] = [];
  for (const [child, hidden] of lineFieldsByMode(modes, 'hidden')) {
    const lines = values[child];
    if (!Array.isArray(lines)) continue;
    lines.forEach((line: unknown, index) => {
      if (!isRow(line)) return;
      for (const field of hidden)
        if (line[field] !== undefined && line[field] !== null)
          out.push(cellMessage(lang, child, index, field, 'errors.FieldNotWritable'));
    });
  }
  return out;
}

/** Restricted (hidden or read-only) line fields by child name. */
function restrictedFields(entity: Entity, modes: ReadonlyMap<string, FieldMode>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const mode of ['hidden', 'readOnly'] as const)
    for (const [child, fields] of lineFieldsByMode(modes, mode))
      if (entity.children.some((c) => c.name === child))
        out.set(child, new Set([...(out.get(child) ?? []), ...fields]));
  return out;
}

/**
 * `values` with the restricted line fields as the role may write them: from the stored line of the
 * same `id` (first line naming it; `stored` = the document as stored, null on Create), else none.
 */
export function guardLineValues(
  entity: Entity,
  modes: ReadonlyMap<string, FieldMode>,
  values: Row,
  stored: Row | null,
): Row {
  const restricted = restrictedFields(entity, modes);
  if (restricted.size === 0) return values;
  const out: Row = { ...values };
  for (const [child, fields] of restricted) {
    const lines = values[child];
    if (!Array.isArray(lines)) continue;
    const before = new Map<unknown, Row>();
    const old = stored?.[child];
    if (Array.isArray(old)) for (const l of old) if (isRow(l) && l.id !== undefined) before.set(l.id, l);
    out[child] = lines.map((line: unknown) => {
      if (!isRow(line)) return line;
      const match = typeof line.id === 'number' ? before.get(line.id) : undefined;
      // a second line naming the same stored line is a new line
      if (match) before.delete(line.id);
      const next: Row = { ...line };
      for (const f of fields) {
        if (match?.[f] !== undefined) next[f] = match[f];
        else delete next[f];
      }
      return next;
    });
  }
  return out;
}
