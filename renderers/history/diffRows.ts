/**
 * An audited change (FieldDiff: field → [before, after]) as rows a person reads: the field's label
 * (fieldLabel) and both values' display texts (auditValue → displayValue) of the audited entity's
 * definition. Pure: the audit log's grid cell and form widget, and the history dialog, draw these.
 */
import type { Lang } from '../../runtime/shared/definition';
import { fieldLabel, type KindSource } from '../../runtime/shared/fieldKind';
import type { FieldDiff } from '../../runtime/shared/reports';
import { auditValue } from './values';

export interface DiffRow {
  name: string;
  label: string;
  before: string;
  after: string;
}

/** A definition with no fields: names show as stored, values by their own type. */
export const NO_FIELDS: KindSource = { schema: { properties: {} }, fields: {} };

/** The diff held by a stored `changes` value (JSON text or an object); null when it is none. */
export function parseDiff(value: unknown): FieldDiff | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const out: FieldDiff = {};
  for (const [name, pair] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    out[name] = [pair[0], pair[1]];
  }
  return out;
}

/** One row per changed field, labelled and displayed by the audited entity's definition. */
export function diffRows(source: KindSource, diff: FieldDiff, lang: Lang): DiffRow[] {
  return Object.entries(diff).map(([name, [before, after]]) => ({
    name,
    label: fieldLabel(source, name, lang),
    before: auditValue(source, name, before, lang),
    after: auditValue(source, name, after, lang),
  }));
}

/** The rows on one line (a grid cell): «label: before ← after» (→ in English), «؛ » between. */
export function diffSummary(rows: readonly DiffRow[], lang: Lang): string {
  const arrow = lang === 'fa' ? '←' : '→';
  return rows.map((r) => `${r.label}: ${r.before} ${arrow} ${r.after}`).join(lang === 'fa' ? '؛ ' : '; ');
}
