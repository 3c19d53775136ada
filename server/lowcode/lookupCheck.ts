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

/**
 * A lookup's related list (LookupSpec.fillFrom) against the list's definition `source` (undefined:
 * not a known entity): its lines table and their key and fill fields, its match, validity and
 * active fields; the fill targets are fields of the holder, the matched and dated ones of `def`.
 */
export function fillFromProblems(
  path: string,
  lookup: LookupSpec,
  source: EntityDefinition | undefined,
  holder: EntityDefinition['fields'],
  def: EntityDefinition,
): Problem[] {
  const spec = lookup.fillFrom;
  if (!spec) return [];
  const at = `${path}/fillFrom`;
  if (!source) return [{ path: `${at}/entity`, message: `unknown entity '${spec.entity}'` }];
  const lines = source.children?.[spec.lines];
  if (!lines) return [{ path: `${at}/lines`, message: `unknown table '${spec.lines}'` }];
  const out: Problem[] = [];
  const check = (where: string, name: string, fields: Record<string, unknown>) => {
    if (!Object.hasOwn(fields, name))
      out.push({ path: `${at}/${where}`, message: `unknown field '${name}'` });
  };
  const own = def.schema.properties;
  check('key', spec.key, lines.schema.properties);
  for (const [to, from] of Object.entries(spec.fill)) {
    check(`fill/${to}`, to, holder);
    check(`fill/${to}`, from, lines.schema.properties);
  }
  for (const [field, docField] of Object.entries(spec.match ?? {})) {
    check(`match/${field}`, field, source.schema.properties);
    check(`match/${field}`, docField, own);
  }
  if (spec.validity) {
    check('validity/from', spec.validity.from, source.schema.properties);
    if (spec.validity.to) check('validity/to', spec.validity.to, source.schema.properties);
    check('validity/at', spec.validity.at, own);
  }
  if (spec.active) check('active', spec.active, source.schema.properties);
  return out;
}
