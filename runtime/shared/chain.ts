/**
 * The sales and purchase chain (docs/chain.md): a document declares in its definition (`source`)
 * that it is made from another final document (a goods receipt from a purchase order, a purchase
 * invoice from a goods receipt, a sales return from a sales invoice…). The server then
 * - answers a new draft's values from a final source (CreateFrom, server/chain/createFrom.ts):
 *   header fields carried, each line with its outstanding quantity and the id of the line it came
 *   from (lines fully fulfilled left out);
 * - on Finalise adds each line's quantity to the fulfilled quantity of its source line (a field of
 *   the source's lines named by the declaration, so several follow-on kinds of one source each
 *   keep their own), refusing a line that would pass the outstanding quantity, a line of another
 *   source and a source that is not final; on Cancel gives it back (server/chain/chainEffect.ts).
 * An analyst adds a follow-on document type without code.
 *
 * Example (goods receipt from a purchase order):
 *   "source": { "entity": "supplyChain.purchaseOrder", "field": "purchaseOrder", "lines": "lines",
 *               "lineLink": "sourceLine", "quantity": "quantity", "fulfilled": "receivedQuantity",
 *               "carry": { "vendor": "vendor", "warehouse": "warehouse" },
 *               "lineCarry": { "item": "item", "unitPrice": "unitPrice" } }
 *
 * Quantities are compared exact in thousandths (runtime/shared/stock.ts toMilli).
 */
import type { LocalText } from './definition';
import { fromMilli, toMilli } from './stock';

export interface SourceDefinition {
  /** The source's entity (`module.name`); its definition declares a lifecycle. */
  entity: string;
  /** A lookup field of this document to the source (empty: a document made from nothing). */
  field: string;
  /** The child table of this document whose lines come from the source's lines. */
  lines: string;
  /** The source's child table; default the same name as `lines`. */
  sourceLines?: string;
  /** An integer field of this document's lines holding the id of the source line it came from. */
  lineLink: string;
  /** The quantity field of this document's lines. */
  quantity: string;
  /** The quantity field of the source's lines; default the same name as `quantity`. */
  sourceQuantity?: string;
  /**
   * A number field of the source's lines (read-only) holding what the final documents of this kind
   * took of it; the outstanding quantity is `sourceQuantity − fulfilled`.
   */
  fulfilled: string;
  /** Header fields carried from the source: this document's field → the source's field. */
  carry?: Record<string, string>;
  /** Line fields carried from the source line: this line's field → the source line's field. */
  lineCarry?: Record<string, string>;
  /**
   * A number field of this document's lines the server sets on Finalise to the unit cost (Rial)
   * at which the source line moved in stock (a sales return comes in at the cost it was sold at).
   */
  lineCost?: string;
  /** True: lines not taken from the source are allowed besides the linked ones (default: refused). */
  unlinkedLines?: boolean;
  /** True: the document is always made from a source (a return): Finalise without one is refused. */
  required?: boolean;
  /**
   * Carried fields the user may change (`field` of `carry`, `{lines}.{field}` of `lineCarry`); every
   * other carried value must still be the source's on Finalise (a return keeps its invoice's
   * customer, item and price).
   */
  editable?: string[];
  /** The text of the button on the source's form (default «ایجاد {title}»). */
  label?: LocalText;
}

/** A row's values by field name. */
type Values = Record<string, unknown>;

/** The source line field holding its quantity. */
export const sourceQuantityField = (s: SourceDefinition): string => s.sourceQuantity ?? s.quantity;
/** The source's child table. */
export const sourceLinesName = (s: SourceDefinition): string => s.sourceLines ?? s.lines;

/** Thousandths of a stored quantity (empty: 0). */
export function milliOf(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  return toMilli(value) ?? 0n;
}

/** What is outstanding of a source line, in thousandths (never below 0). */
export function outstandingMilli(line: Values, s: SourceDefinition): bigint {
  const left = milliOf(line[sourceQuantityField(s)]) - milliOf(line[s.fulfilled]);
  return left > 0n ? left : 0n;
}

/** A positive row id, or null. */
export function lineIdOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** What the lines of a document ask of each source line (thousandths), and which lines link nothing. */
export interface ChainAsk {
  /** Source line id → the sum the lines linking it ask, with the first such line's number (1-based). */
  bySource: Map<number, { milli: bigint; row: number }>;
  /** 1-based numbers of lines without a source line. */
  unlinked: number[];
}

/** Groups the document's lines by the source line they name. */
export function chainAsk(lines: readonly Values[], s: SourceDefinition): ChainAsk {
  const bySource = new Map<number, { milli: bigint; row: number }>();
  const unlinked: number[] = [];
  lines.forEach((line, i) => {
    const id = lineIdOf(line[s.lineLink]);
    if (id === null) {
      unlinked.push(i + 1);
      return;
    }
    const had = bySource.get(id);
    const milli = milliOf(line[s.quantity]);
    bySource.set(id, { milli: (had?.milli ?? 0n) + milli, row: had?.row ?? i + 1 });
  });
  return { bySource, unlinked };
}

/**
 * The values of a new draft made from `source` (its header values and its lines): the carried
 * header fields (with their lookup texts), the source lookup, and one line per source line with
 * something outstanding, its quantity the outstanding one and its link the source line's id.
 */
export function createFromValues(
  s: SourceDefinition,
  source: Values,
  sourceLines: readonly Values[],
  displaySuffix: string,
): Values {
  const out: Values = {};
  for (const [to, from] of Object.entries(s.carry ?? {})) {
    if (source[from] === undefined) continue;
    out[to] = source[from];
    const text = source[`${from}${displaySuffix}`];
    if (text !== undefined) out[`${to}${displaySuffix}`] = text;
  }
  out[s.field] = source.id;
  const lines: Values[] = [];
  for (const line of sourceLines) {
    const left = outstandingMilli(line, s);
    if (left <= 0n) continue;
    const row: Values = {};
    for (const [to, from] of Object.entries(s.lineCarry ?? {}))
      if (line[from] !== undefined) row[to] = line[from];
    row[s.quantity] = fromMilli(left);
    row[s.lineLink] = line.id;
    lines.push(row);
  }
  out[s.lines] = lines;
  return out;
}

/**
 * A kind of document that may be made from a document of an entity (Meta/Entity/GetFollowOns):
 * the button on the source's form («ایجاد رسید کالا») opens the follow-on's screen with
 * `?from={source key}:{id}` (the follow-on's CreateFrom fills the new form).
 */
export interface FollowOn {
  /** The follow-on entity (`module.name`). */
  key: string;
  /** The button's text in the request's language. */
  label: string;
}

/** The route opening a new `followOn` form made from row `id` of entity `source`. */
export function createFromRoute(followOn: string, source: string, id: number): string {
  const dot = followOn.indexOf('.');
  return `/${followOn.slice(0, dot)}/${followOn.slice(dot + 1)}?from=${encodeURIComponent(`${source}:${id}`)}`;
}

/** The source a screen is asked to make a new document from (`?from=module.name:12`), or null. */
export function fromParam(search: string): { source: string; id: number } | null {
  const raw = new URLSearchParams(search).get('from');
  const m = raw === null ? null : /^([A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*):(\d{1,10})$/.exec(raw);
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) && id > 0 ? { source: m[1]!, id } : null;
}
