/**
 * The name table of a definition's formulas: its fields with their Persian and English labels and
 * its child tables with theirs (for a document's rules), or one child table's fields (for its line
 * rules).
 */
import type { FieldMeta } from '../definition';
import type { FormulaField, FormulaTable, NameTable } from './names';

interface Holder {
  schema: { properties: Record<string, unknown> };
  fields: Record<string, FieldMeta>;
  children?: Record<string, Holder & { label: { fa: string; en?: string } }>;
}

function fieldsOf(h: Holder): FormulaField[] {
  return Object.keys(h.schema.properties).map((key) => {
    const label = h.fields[key]?.label;
    const f: FormulaField = { key };
    if (label?.fa) f.fa = label.fa;
    if (label?.en) f.en = label.en;
    return f;
  });
}

/** The names of a document (fields and child tables) or of a line (its fields). */
export function namesOf(holder: Holder): NameTable {
  const tables = Object.entries(holder.children ?? {}).map(([key, child]) => {
    const t: FormulaTable = { key, fields: fieldsOf(child) };
    if (child.label.fa) t.fa = child.label.fa;
    if (child.label.en) t.en = child.label.en;
    return t;
  });
  return { fields: fieldsOf(holder), tables };
}
