/**
 * Filling fields from a related list when a lookup's row is picked (LookupSpec.fillFrom), e.g. an
 * invoice line's unit price from the price list of the invoice's customer valid at its date. The
 * pure part: the GetList request for the candidate lists and the choice among them. The form asks
 * (renderers/form/fillFrom.ts); what it fills is a default the user may change, validated by the
 * server as any typed value (the server does not recompute it).
 */
import type { FillFromSpec } from './definition';
import type { ListRequest } from './envelope';

/** Candidate lists asked for at once (the most specific and latest come first). */
export const FILL_FROM_CANDIDATES = 20;

const FAR_PAST = '0001-01-01';
const FAR_FUTURE = '9999-12-31';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);

/**
 * The GetList request of the lists that may apply to `doc`: per `match` field the document's value
 * or empty (a general list), active, valid at the document's date; the latest valid first.
 */
export function fillFromRequest(spec: FillFromSpec, doc: Record<string, unknown>): ListRequest {
  const filterModel: Record<string, unknown> = {};
  for (const [field, docField] of Object.entries(spec.match ?? {})) {
    const v = doc[docField];
    // a lookup's id is a number; a choice (a customer group) is text, and so is the filter of an
    // empty value (a number column takes text filters too: server/entities/filters.ts)
    const filterType = typeof v === 'number' ? 'number' : 'text';
    filterModel[field] = present(v)
      ? {
          filterType,
          operator: 'OR',
          conditions: [
            { filterType, type: 'blank' },
            { filterType, type: 'equals', filter: v },
          ],
        }
      : { filterType, type: 'blank' };
  }
  if (spec.active) filterModel[spec.active] = { filterType: 'boolean', type: 'true' };
  const at = spec.validity ? doc[spec.validity.at] : undefined;
  if (spec.validity && isDay(at)) {
    const day = at.slice(0, 10);
    filterModel[spec.validity.from] = {
      filterType: 'date',
      type: 'inRange',
      dateFrom: FAR_PAST,
      dateTo: day,
    };
    if (spec.validity.to)
      filterModel[spec.validity.to] = {
        filterType: 'date',
        operator: 'OR',
        conditions: [
          { filterType: 'date', type: 'blank' },
          { filterType: 'date', type: 'inRange', dateFrom: day, dateTo: FAR_FUTURE },
        ],
      };
  }
  return {
    startRow: 0,
    endRow: FILL_FROM_CANDIDATES,
    sortModel: spec.validity ? [{ colId: spec.validity.from, sort: 'desc' }] : [],
    filterModel,
  };
}

/**
 * How specific the list is to the document: each `match` field naming the document's value weighs
 * more than all the later ones together (in order of preference: the customer's own list, then its
 * group's), a general list 0.
 */
function specificity(
  spec: FillFromSpec,
  list: Record<string, unknown>,
  doc: Record<string, unknown>,
): number {
  const fields = Object.entries(spec.match ?? {});
  return fields.reduce(
    (s, [f, d], i) => (present(list[f]) && list[f] === doc[d] ? s + 2 ** (fields.length - 1 - i) : s),
    0,
  );
}

/** The candidate lists in the order they are tried: the most specific first, then as listed (latest). */
export function fillFromOrder<T extends Record<string, unknown>>(
  spec: FillFromSpec,
  lists: T[],
  doc: Record<string, unknown>,
): T[] {
  return lists
    .map((list, i) => ({ list, i, s: specificity(spec, list, doc) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.list);
}

/** The values the list's line for `key` fills (targets → the line's fields), or null when it has none. */
export function fillFromLines(
  spec: FillFromSpec,
  lines: unknown,
  key: number,
): Record<string, unknown> | null {
  if (!Array.isArray(lines)) return null;
  const line = lines.find(
    (l): l is Record<string, unknown> =>
      typeof l === 'object' && l !== null && (l as Record<string, unknown>)[spec.key] === key,
  );
  if (!line) return null;
  const out: Record<string, unknown> = {};
  for (const [to, from] of Object.entries(spec.fill)) if (present(line[from])) out[to] = line[from];
  return Object.keys(out).length > 0 ? out : null;
}
