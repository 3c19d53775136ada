/**
 * Cross-checks of a lookup's search and fill settings (LookupSpec) when a definition is published:
 * the code and search fields are fields of the looked-up entity, each fill names a field of the
 * holder (entity or line) and a field of the looked-up row, or a child table of both (lines copied).
 */
import type { EntityDefinition, LookupSpec } from '../../runtime/shared/definition';

interface Problem {
  path: string;
  message: string;
}

export function lookupProblems(
  path: string,
  lookup: LookupSpec,
  target: EntityDefinition,
  holder: EntityDefinition['fields'],
  def: EntityDefinition,
): Problem[] {
  const out: Problem[] = [];
  const known = (f: string) => Object.hasOwn(target.schema.properties, f);
  if (lookup.codeField !== undefined && !known(lookup.codeField))
    out.push({ path: `${path}/codeField`, message: `unknown field '${lookup.codeField}'` });
  (lookup.searchFields ?? []).forEach((f, i) => {
    if (!known(f)) out.push({ path: `${path}/searchFields/${i}`, message: `unknown field '${f}'` });
  });
  for (const [to, from] of Object.entries(lookup.fill ?? {})) {
    const lines = Boolean(def.children?.[to]) && Boolean(target.children?.[from]);
    if (!lines && !Object.hasOwn(holder, to))
      out.push({ path: `${path}/fill/${to}`, message: `unknown field '${to}'` });
    else if (!lines && !known(from))
      out.push({ path: `${path}/fill/${to}`, message: `unknown field '${from}'` });
  }
  return out;
}
