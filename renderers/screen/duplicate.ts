/**
 * «رونوشت»: the values a new record starts from when the user duplicates one. What identifies or
 * belongs to the original stays behind: the system columns (id, version, created/updated), its
 * number (a field named `number` and every unique field), its workflow state (back to the
 * workflow's initial state), its attachments and images (files belong to one record), and the
 * lines' own ids. Each rule is one entry of DROPPED, so a new concern is one more entry.
 */
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { kindOf } from '../../runtime/shared/fieldKind';

const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

type Drop = (def: EntityDefinition, name: string) => boolean;

/** Why a field is not copied: one predicate per reason. */
const DROPPED: Record<string, Drop> = {
  system: (_def, name) => SYSTEM.has(name),
  number: (_def, name) => name === 'number',
  unique: (def, name) => def.fields[name]?.unique === true,
  workflow: (def, name) => def.workflow?.field === name,
  files: (def, name) => name in def.schema.properties && ['attachments', 'image'].includes(kindOf(def, name)),
};

const dropped = (def: EntityDefinition, name: string) =>
  Object.values(DROPPED).some((drop) => drop(def, name));

/** A line row without its own id and version. */
function lineCopy(line: unknown): unknown {
  if (typeof line !== 'object' || line === null) return line;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line)) if (!SYSTEM.has(k)) out[k] = v;
  return out;
}

/** The values of a new record duplicated from `row` (as Get answered it, lines included). */
export function duplicateValues(def: EntityDefinition, row: EntityRow): EntityRow {
  const out: Record<string, unknown> = {};
  const children = new Set(Object.keys(def.children ?? {}));
  for (const [name, value] of Object.entries(row)) {
    if (children.has(name)) out[name] = Array.isArray(value) ? value.map(lineCopy) : value;
    else if (!dropped(def, name)) out[name] = value;
  }
  if (def.workflow) out[def.workflow.field] = def.workflow.initial;
  // the form reads a row; a new one has no id (FormModal's key and Create ignore it)
  return out as EntityRow;
}
