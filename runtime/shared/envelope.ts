/** The answer envelope of business calls (DESIGN.md, HTTP contract). */

export interface ServerMessage {
  FieldName: string;
  Message: string;
}

export interface TableMessage {
  /** Child table (e.g. lines), row index (0-based) and field of the offending cell. */
  TableName: string;
  RowIndex: number;
  FieldName: string;
  Message: string;
}

export interface Envelope<T = unknown> {
  State: EnvelopeState;
  Data: T;
  MessageTexts: string[];
  ServerMessageTexts: ServerMessage[];
  TableMessageTexts: TableMessage[];
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

export function ok<T>(data: T): Envelope<T> {
  return {
    State: EnvelopeState.Ok,
    Data: data,
    MessageTexts: [],
    ServerMessageTexts: [],
    TableMessageTexts: [],
  };
}

export function failure(
  messages: string[],
  fields: ServerMessage[] = [],
  table: TableMessage[] = [],
  data: unknown = null,
): Envelope<unknown> {
  return {
    State: EnvelopeState.Error,
    Data: data,
    MessageTexts: messages,
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
}

/** Body of GetList: AG Grid's infinite row model request. */
export interface ListRequest {
  startRow: number;
  endRow: number;
  sortModel?: { colId: string; sort: 'asc' | 'desc' }[];
  filterModel?: Record<string, unknown>;
}
