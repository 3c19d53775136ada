/**
 * The answer envelope of business calls (DESIGN.md, HTTP contract; docs/api.md «Messages»).
 *
 * Every message the server sends is a translation key with its parameters (`Key`, `Params`:
 * the key of src/public/assets/i18n/share/{lang}.json, `{{name}}` filled from Params). Its text in
 * the request language comes with it (`Message`, `MessageTexts`) for clients without the
 * translation files; it is always `t(Key, Params)`, never something else. A browser shows
 * `messageText(message, t)`: no guessing whether a string is a key or a text.
 */

/** Parameters of a message, by the `{{name}}` they fill. */
export type MessageParams = Record<string, string | number>;

/** A message as a translation key and its parameters. */
export interface MessageRef {
  Key: string;
  Params: MessageParams;
}

/**
 * The key of a text written by a person, not by us (a definition's rule message, a designer's
 * problem): its translation is `{{text}}`, the text in the request language its parameter.
 */
export const TEXT_KEY = 'messages.text';

export interface ServerMessage extends MessageRef {
  FieldName: string;
  /** `Key` with `Params` in the request language. */
  Message: string;
}

export interface TableMessage extends MessageRef {
  /** Child table (e.g. lines), row index (0-based) and field of the offending cell. */
  TableName: string;
  RowIndex: number;
  FieldName: string;
  /** `Key` with `Params` in the request language. */
  Message: string;
}

export interface Envelope<T = unknown> {
  State: EnvelopeState;
  Data: T;
  /** The answer's message (errors.*) in the request language; `Messages` holds its key. */
  MessageTexts: string[];
  /** The keys of MessageTexts, in the same order. */
  Messages: MessageRef[];
  ServerMessageTexts: ServerMessage[];
  TableMessageTexts: TableMessage[];
}

/** A translation function: the text of `key` with `params` in the reader's language. */
export type Translate = (key: string, params: MessageParams) => string;

/** The text of a server message in the reader's language: its key translated. */
export function messageText(message: MessageRef, translate: Translate): string {
  return translate(message.Key, message.Params);
}

/** Params as sent: numbers and strings kept, anything else as the text `String()` makes of it. */
export function messageParams(params: Record<string, unknown> = {}): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out[name] = typeof value === 'number' || typeof value === 'string' ? value : String(value);
  }
  return out;
}

/**
 * State values. The spec does not show the real numbers; these are ours and documented in
 * docs/api.md. `InvalidValues` is the state "values entered wrongly" of spec section 8.
 */
export const EnvelopeState = {
  Ok: 0,
  InvalidValues: 1,
  Error: 2,
} as const;
export type EnvelopeState = (typeof EnvelopeState)[keyof typeof EnvelopeState];

/**
 * A successful answer. `messages` (with their texts in the request language) are what the server
 * tells without refusing, e.g. a credit limit passed under the setting `warn`: the client shows an
 * Ok answer's MessageTexts as warnings (runtime/http/notices.ts).
 */
export function ok<T>(data: T, messages: (MessageRef & { Message: string })[] = []): Envelope<T> {
  return {
    State: EnvelopeState.Ok,
    Data: data,
    MessageTexts: messages.map((m) => m.Message),
    Messages: messages.map(({ Key, Params }) => ({ Key, Params })),
    ServerMessageTexts: [],
    TableMessageTexts: [],
  };
}

/** An error envelope: `messages` are the answer's messages with their texts in the request language. */
export function failure(
  messages: (MessageRef & { Message: string })[],
  fields: ServerMessage[] = [],
  table: TableMessage[] = [],
  data: unknown = null,
): Envelope<unknown> {
  return {
    State: EnvelopeState.Error,
    Data: data,
    MessageTexts: messages.map((m) => m.Message),
    Messages: messages.map(({ Key, Params }) => ({ Key, Params })),
    ServerMessageTexts: fields,
    TableMessageTexts: table,
  };
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'State' in value &&
    'MessageTexts' in value &&
    'ServerMessageTexts' in value
  );
}

/** Answer of GetList. */
export interface ListPage<R = Record<string, unknown>> {
  rows: R[];
  /** Total rows matching the filter, or -1 when unknown. */
  lastRow: number;
  /** Only when the request asked `totals: true`: the row count and money sums over the filtered rows. */
  totals?: ListTotals;
}

/** Footer totals of a list: count of the filtered rows and each readable money field's exact sum (decimal text). */
export interface ListTotals {
  count: number;
  sums: Record<string, string>;
}

/** Body of GetList: AG Grid's infinite row model request. */
export interface ListRequest {
  startRow: number;
  endRow: number;
  sortModel?: { colId: string; sort: 'asc' | 'desc' }[];
  filterModel?: Record<string, unknown>;
  /** Quick search: each word found in one of the grid's readable text fields. */
  q?: string;
  /** Only these rows (the grid's ticked rows, e.g. for export selected). */
  ids?: number[];
  /** Answer `totals` (row count and money sums) too; asked with the first page only. */
  totals?: boolean;
  /**
   * Lookup search: rows where any of `fields` (text or number fields of the entity, at most
   * MAX_SEARCH_FIELDS, none hidden from the caller) contains `text` (runtime/shared/lookup.ts).
   */
  search?: { text: string; fields: string[] };
}
