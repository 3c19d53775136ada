/**
 * The fields a field permission may name on one entity, with their labels: the document's own
 * fields, then each child table's line fields as `{child}.{field}`, labelled «اقلام › قیمت».
 */
import { localText, type EntityDefinition, type Lang } from '../../../runtime/shared/definition';

export const CHILD_LABEL_SEPARATOR = ' › ';

export function fieldChoices(def: EntityDefinition, lang: Lang): [string, string][] {
  const out: [string, string][] = Object.keys(def.schema.properties).map((f) => [
    f,
    localText(def.fields[f]?.label, lang) || f,
  ]);
  for (const [name, child] of Object.entries(def.children ?? {})) {
    const table = localText(child.label, lang) || name;
    for (const f of Object.keys(child.schema.properties))
      out.push([
        `${name}.${f}`,
        `${table}${CHILD_LABEL_SEPARATOR}${localText(child.fields[f]?.label, lang) || f}`,
      ]);
  }
  return out;
}
