/**
 * What is wrong with a definition's print formats, as keyed problems with the JSON path of the
 * format or block: the server's publish check translates them (server/definitions/load.ts,
 * `printDesigner.check.*`), the designer's print formats tab shows them next to the block, and
 * printFormatProblems (runtime/shared/printFormat.ts) words them in English. One check, three uses.
 */
import type { EntityDefinition } from '../definition';
import type { PrintFormat, PrintValue } from '../printFormat';
import { unsafeOperations } from '../rules';

export type PrintCheckKey =
  | 'badName'
  | 'duplicateName'
  | 'noTitle'
  | 'noField'
  | 'noTable'
  | 'noLineField'
  | 'columnNeedsValue'
  | 'computedNeedsLabel'
  | 'unsafe'
  | 'noBoxes'
  | 'emptyText'
  | 'manyDefaults'
  | 'noEachTable'
  | 'lineNeedsEach';

export interface PrintCheck {
  /** JSON path: `/printFormats/0` (the format) or `/printFormats/0/blocks/2` (a block). */
  path: string;
  key: PrintCheckKey;
  params: Record<string, string>;
  /** Index of the format in `printFormats` (absent: all of them, e.g. two defaults). */
  format?: number;
  /** Index of the block in its format. */
  block?: number;
}

const NAME = /^[a-z][A-Za-z0-9]{0,62}$/;

function formatChecks(
  definition: EntityDefinition,
  f: PrintFormat,
  fi: number,
  seen: Set<string>,
): PrintCheck[] {
  const out: PrintCheck[] = [];
  const at = `/printFormats/${fi}`;
  const ofFormat = (key: PrintCheckKey, params: Record<string, string> = {}) =>
    out.push({ path: at, key, params: { format: f.name, ...params }, format: fi });
  if (!NAME.test(f.name)) ofFormat('badName');
  else if (seen.has(f.name)) ofFormat('duplicateName');
  seen.add(f.name);
  if (!f.title?.fa?.trim()) ofFormat('noTitle');
  const props = definition.schema.properties;
  // an eachLine format prints one sheet per line of that child table; its values may be the line's
  const each = f.eachLine === undefined ? undefined : definition.children?.[f.eachLine];
  if (f.eachLine !== undefined && !each) ofFormat('noEachTable', { table: f.eachLine });
  f.blocks.forEach((b, bi) => {
    const where = `${at}/blocks/${bi}`;
    const add = (key: PrintCheckKey, params: Record<string, string> = {}) =>
      out.push({ path: where, key, params: { format: f.name, ...params }, format: fi, block: bi });
    /** A value's field: the line's (`line`, in an eachLine format) or the document's. */
    const value = (field: string, line: boolean | undefined) => {
      if (!line) {
        if (!(field in props)) add('noField', { field });
      } else if (f.eachLine === undefined) add('lineNeedsEach', { field });
      else if (each && !(field in each.schema.properties)) add('noLineField', { field });
    };
    const values = (list: PrintValue[] | undefined) => {
      for (const v of list ?? []) value(v.field, v.line);
    };
    if (b.kind === 'party' || b.kind === 'fields' || b.kind === 'totals') values(b.values);
    if (b.kind === 'words' && b.field) value(b.field, b.line);
    if (b.kind === 'signatures' && b.boxes.length === 0) add('noBoxes');
    // a text printed on the sheet needs its Persian wording (a title, a box, the footer's line)
    const texts =
      b.kind === 'party'
        ? [b.title]
        : b.kind === 'signatures'
          ? b.boxes
          : b.kind === 'footer' && b.text
            ? [b.text]
            : [];
    if (texts.some((x) => !x?.fa?.trim())) add('emptyText');
    if (b.kind === 'lines') {
      const child = definition.children?.[b.table];
      if (!child) add('noTable', { table: b.table });
      else
        for (const c of b.columns ?? []) {
          if (c.field !== undefined && !(c.field in child.schema.properties))
            add('noLineField', { field: c.field });
          if (c.field === undefined && c.expr === undefined) add('columnNeedsValue');
          if (c.expr !== undefined && !c.label) add('computedNeedsLabel');
          const bad = c.expr === undefined ? [] : unsafeOperations(c.expr);
          if (bad.length) add('unsafe', { operations: bad.join(', ') });
        }
    }
  });
  return out;
}

export function printFormatChecks(definition: EntityDefinition): PrintCheck[] {
  const formats = definition.printFormats ?? [];
  const seen = new Set<string>();
  const out = formats.flatMap((f, i) => formatChecks(definition, f, i, seen));
  if (formats.filter((f) => f.default).length > 1)
    out.push({ path: '/printFormats', key: 'manyDefaults', params: {} });
  return out;
}

/** The English wording (printFormatProblems, the definition files' load errors). */
const ENGLISH: Record<PrintCheckKey, (p: Record<string, string>) => string> = {
  badName: (p) => `the name ${p.format} is not camelCase`,
  duplicateName: (p) => `the name ${p.format} is used twice`,
  noTitle: (p) => `${p.format} has no title`,
  noField: (p) => `no field ${p.field}`,
  noTable: (p) => `no child table ${p.table}`,
  noLineField: (p) => `no line field ${p.field}`,
  columnNeedsValue: () => 'a column needs field or expr',
  computedNeedsLabel: () => 'a computed column needs a label',
  unsafe: (p) => `unsafe operations ${p.operations}`,
  noBoxes: () => 'signatures need a box',
  emptyText: () => 'a text has no Persian wording',
  manyDefaults: () => 'more than one default',
  noEachTable: (p) => `no child table ${p.table} to print each line of`,
  lineNeedsEach: (p) => `a line value (${p.field}) needs eachLine`,
};

export function englishCheck(c: PrintCheck): string {
  return `${c.path}: ${ENGLISH[c.key](c.params)}`;
}
