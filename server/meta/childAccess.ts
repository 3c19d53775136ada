/**
 * GetDefinition under line-field permissions (docs/lowcode-api.md, field permissions): in a copy of
 * the definition, a hidden line field leaves its child table (schema, required, fields, computed
 * and conditions) with the line rules that read it; a read-only one is marked `readOnly`, so the
 * lines grid does not edit it. Document computed fields that read a child table with hidden fields
 * (e.g. an invoice total over the lines) cannot be computed in the browser: their expressions are
 * left out and the fields marked `readOnly` (the form shows the server's value; the server computes
 * them on every write), as are document rules that read them.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import { computedFrom, lineFieldsByMode, ruleReads, type FieldMode } from '../security/lineFields';

/** Restricts the child tables of `def` (a copy, changed in place) to the role's line-field modes. */
export function restrictChildren(def: EntityDefinition, modes: ReadonlyMap<string, FieldMode>): void {
  const children = def.children ?? {};
  for (const [name, fields] of lineFieldsByMode(modes, 'readOnly')) {
    const props = children[name]?.schema.properties ?? {};
    for (const f of fields) if (props[f]) props[f].readOnly = true;
  }
  const tainted = new Set<string>();
  for (const [name, hidden] of lineFieldsByMode(modes, 'hidden')) {
    const child = children[name];
    if (!child) continue;
    tainted.add(name);
    for (const f of hidden) {
      delete child.schema.properties[f];
      delete child.fields[f];
      delete child.rules?.computed?.[f];
      delete child.rules?.conditions?.[f];
    }
    if (child.schema.required) child.schema.required = child.schema.required.filter((r) => !hidden.has(r));
    if (child.rules?.rules) child.rules.rules = child.rules.rules.filter((r) => !ruleReads(r, hidden));
  }
  const rules = def.rules;
  if (!rules || tainted.size === 0) return;
  for (const f of computedFrom(rules.computed, tainted)) {
    delete rules.computed?.[f];
    const prop = def.schema.properties[f];
    if (prop) prop.readOnly = true;
    tainted.add(f);
  }
  if (rules.rules) rules.rules = rules.rules.filter((r) => !ruleReads(r, tainted));
}
