/**
 * Numbering series of documents (definition key `numbering`, docs/lowcode-api.md "Numbering"):
 * the pattern's tokens, the checks a definition's series must pass, the expansion that makes the
 * numbered field the server's (read-only, not required, unique) and the formatting of a number.
 * The server assigns the counter (server/entities/write/steps/numbering.ts); numbers are stored
 * with Latin digits (Persian digits are for display only).
 */
import type { EntityDefinition, LookupSpec, NumberingSpec } from './definition';

/**
 * The field of a branchScoped entity the `{branch}` token reads: a lookup of the row's branch whose
 * `codeField` (systemConfig.branch's `code`) is the text the token writes.
 */
export const BRANCH_FIELD = 'branch';
/** Widest zero padding of `{counter:N}`. */
export const MAX_COUNTER_WIDTH = 12;
/** Width the `{year}` token takes (a Jalali year). */
const YEAR_WIDTH = 4;
/** Literal text a pattern may hold beside its tokens (the number is a code: no spaces, no quotes). */
const LITERAL = /^[A-Za-z0-9_\-/.#]*$/;

/** Whether `code` may stand in a number as the `{branch}` token (the literal characters, not empty). */
export function isNumberCode(code: unknown): code is string {
  return typeof code === 'string' && code !== '' && LITERAL.test(code);
}

/**
 * The lookup the `{branch}` token resolves through: the `branch` field's lookup when it names the
 * looked-up entity's `codeField`, else null.
 */
export function branchLookup(def: EntityDefinition): (LookupSpec & { codeField: string }) | null {
  const lookup = Object.hasOwn(def.fields, BRANCH_FIELD) ? def.fields[BRANCH_FIELD]?.lookup : undefined;
  return lookup?.codeField ? { ...lookup, codeField: lookup.codeField } : null;
}
const TOKEN = /\{([a-z]+)(?::(\d+))?\}/g;

export type PatternPart =
  { kind: 'text'; text: string } | { kind: 'year' } | { kind: 'branch' } | { kind: 'counter'; width: number };

/**
 * The parts of a pattern, or why it is refused: the `designerCheck` key of the reason
 * (numberingText, numberingToken, numberingCounterWidth, numberingCounter).
 */
export function parsePattern(pattern: string): PatternPart[] | string {
  const parts: PatternPart[] = [];
  let at = 0;
  let counters = 0;
  const text = (t: string): string | null => {
    if (!LITERAL.test(t)) return 'numberingText';
    if (t) parts.push({ kind: 'text', text: t });
    return null;
  };
  for (const m of pattern.matchAll(TOKEN)) {
    const bad = text(pattern.slice(at, m.index));
    if (bad) return bad;
    at = m.index + m[0].length;
    const [, name, width] = m;
    if (name === 'year' && width === undefined) parts.push({ kind: 'year' });
    else if (name === 'branch' && width === undefined) parts.push({ kind: 'branch' });
    else if (name === 'counter' && width !== undefined) {
      const n = Number(width);
      if (n < 1 || n > MAX_COUNTER_WIDTH) return 'numberingCounterWidth';
      parts.push({ kind: 'counter', width: n });
      counters++;
    } else return 'numberingToken';
  }
  const bad = text(pattern.slice(at));
  if (bad) return bad;
  if (counters !== 1) return 'numberingCounter';
  return parts;
}

/** What the tokens other than the counter resolve to for one document. */
export interface SeriesValues {
  year?: number;
  /** The code of the document's branch (its `branch` lookup's codeField). */
  branch?: string | null;
}

/**
 * The series a document belongs to: the pattern with `{year}` and `{branch}` resolved and the
 * counter left as a token (`INV-1405-{counter:6}`). Each series counts from 1.
 */
export function seriesOf(parts: PatternPart[], values: SeriesValues): string {
  return parts
    .map((p) => {
      if (p.kind === 'text') return p.text;
      if (p.kind === 'year') return String(values.year ?? '');
      if (p.kind === 'branch') return String(values.branch ?? '');
      return `{counter:${p.width}}`;
    })
    .join('');
}

/** The number of the `counter`-th document of `series` (Latin digits): `INV-1405-000123`. */
export function formatNumber(series: string, counter: number): string {
  return series.replace(/\{counter:(\d+)\}/, (_, width: string) =>
    String(counter).padStart(Number(width), '0'),
  );
}

/**
 * The counter a number holds when it belongs to `series` (the inverse of formatNumber), else null;
 * used to start a series past numbers already stored (the demo's).
 */
export function counterOf(series: string, number: string): number | null {
  const at = series.search(/\{counter:\d+\}/);
  const token = /\{counter:\d+\}/.exec(series)?.[0] ?? '';
  const head = series.slice(0, at);
  const tail = series.slice(at + token.length);
  if (!number.startsWith(head) || !number.endsWith(tail)) return null;
  const digits = number.slice(head.length, number.length - tail.length);
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}

/** A problem of a definition's numbering or unique scope: a `designerCheck.{key}` text and its params. */
export interface NumberingProblem {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

/** Checks of `numbering` and of fields' `uniqueScope` (server/definitions/safety.ts runs them). */
export function numberingProblems(def: EntityDefinition): NumberingProblem[] {
  const out: NumberingProblem[] = [];
  const props = def.schema.properties;
  for (const [name, meta] of Object.entries(def.fields))
    (meta.uniqueScope ?? []).forEach((other, i) => {
      if (!Object.hasOwn(props, other) || other === name)
        out.push({
          path: `/fields/${name}/uniqueScope/${i}`,
          key: 'uniqueScope',
          params: { field: name, other },
        });
    });
  const spec = def.numbering;
  if (!spec) return out;
  const field = Object.hasOwn(props, spec.field) ? props[spec.field] : undefined;
  // a text field: not a date, time or other formatted string, not a choice
  if (field?.type !== 'string' || field.format !== undefined || field.enum !== undefined)
    out.push({ path: '/numbering/field', key: 'numberingField', params: { field: spec.field } });
  const parts = parsePattern(spec.pattern);
  if (typeof parts === 'string') {
    out.push({
      path: '/numbering/pattern',
      key: parts,
      params: { pattern: spec.pattern, max: MAX_COUNTER_WIDTH },
    });
    return out;
  }
  const date = def.period?.field;
  if (parts.some((p) => p.kind === 'year') && (!date || props[date]?.format !== 'date'))
    out.push({ path: '/numbering/pattern', key: 'numberingYear', params: { pattern: spec.pattern } });
  const branched = def.branchScoped && Object.hasOwn(props, BRANCH_FIELD) && branchLookup(def);
  if (parts.some((p) => p.kind === 'branch') && !branched)
    out.push({ path: '/numbering/pattern', key: 'numberingBranch', params: { field: BRANCH_FIELD } });
  const widths = parts.map((p) =>
    p.kind === 'text'
      ? p.text.length
      : p.kind === 'year'
        ? YEAR_WIDTH
        : p.kind === 'counter'
          ? p.width
          : null,
  );
  // a branch code has no width known here: the length is not checked then
  const longest = widths.includes(null) ? null : widths.reduce<number>((n, w) => n + (w ?? 0), 0);
  if (field?.maxLength !== undefined && longest !== null && longest > field.maxLength)
    out.push({
      path: '/numbering/pattern',
      key: 'numberingLength',
      params: { field: spec.field, length: longest, max: field.maxLength },
    });
  return out;
}

/**
 * The definition as the server and the client use it: the numbered field becomes the server's
 * (read-only, not required: a draft has no number yet) and unique (the index backs the series).
 * Idempotent; definitions without `numbering` are returned as they are. Applied where definitions
 * load (server/definitions/registry.ts), so GetDefinition sends the expanded definition.
 */
export function expandNumbering(def: EntityDefinition): EntityDefinition {
  const spec: NumberingSpec | undefined = def.numbering;
  if (!spec || !Object.hasOwn(def.schema.properties, spec.field)) return def;
  const field = def.schema.properties[spec.field];
  const meta = def.fields[spec.field];
  if (!field || !meta) return def;
  const required = def.schema.required?.filter((r) => r !== spec.field);
  return {
    ...def,
    schema: {
      ...def.schema,
      properties: { ...def.schema.properties, [spec.field]: { ...field, readOnly: true } },
      ...(required ? { required } : {}),
    },
    fields: { ...def.fields, [spec.field]: { ...meta, unique: true } },
  };
}
