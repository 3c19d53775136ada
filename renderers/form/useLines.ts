/**
 * State of a form's child tables (definition.children): the rows each lines grid owns, the
 * lines as the rules and the server see them, client and server cell errors, dirtiness.
 * The grids own their rows; this hook keeps references to the ordered lists they report.
 */
import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import { afterPaint } from './afterPaint';
import type { EntityValues } from '../../runtime/entity/types';
import type { ChildDefinition, EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { TableMessage } from '../../runtime/shared/envelope';
import { localDigits } from '../format';
import {
  linesToSend,
  mergeCellErrors,
  serverCellErrors,
  toGridLines,
  validateLines,
  withoutCell,
  type CellErrors,
  type GridLine,
  type Line,
  type LineValidator,
  type Translate,
} from './lines/lines';

const NO_ERRORS: CellErrors = new Map();

export interface LinesState {
  children: [string, ChildDefinition][];
  /** Rows to start each grid from (stable). */
  initial: Record<string, GridLine[]>;
  /** Non-blank lines per table, as sent and as the rules see them. */
  data: Record<string, Line[]>;
  /** Grid row key of each line of `data` (a rule's line index → the row to mark). */
  keys: Record<string, string[]>;
  /** Client + server cell errors per table (client ones only after the first submit). */
  errors: Record<string, CellErrors>;
  dirty: boolean;
  /** Form-level messages about the tables (too few lines). */
  tableMessages: (t: Translate, label: (child: ChildDefinition) => string) => string[];
  /** Whether any table has a client error or too few lines now (blocks saving). */
  blocksSave: () => boolean;
  onGridChange: (name: string, rows: GridLine[], edited?: { key: string; field: string }) => void;
  /**
   * The lines as they are right now (event handlers: a cell committed a moment ago may not have
   * rendered yet), stored lines with their `id`, remembering which line goes out at which index
   * for the server's RowIndex.
   */
  takeForSave: () => Record<string, Line[]>;
  /** Server TableMessageTexts of the last save, mapped to the lines sent. */
  setServerMessages: (messages: TableMessage[]) => void;
}

export function useLines(
  definition: EntityDefinition,
  validators: Record<string, LineValidator>,
  values: EntityValues | undefined,
  submitted: boolean,
  t: Translate,
  lang: Lang,
): LinesState {
  const children = useMemo(() => Object.entries(definition.children ?? {}), [definition]);
  const [initial] = useState(() =>
    Object.fromEntries(children.map(([name, child]) => [name, toGridLines(child, values?.[name])])),
  );
  const [rows, setRows] = useState<Record<string, GridLine[]>>(initial);
  const sentRef = useRef<Record<string, string[]>>({});
  // Same rows, updated synchronously by the grids (read only in event handlers).
  const nowRef = useRef<Record<string, GridLine[]>>(initial);
  const [dirty, setDirty] = useState(false);
  const [server, setServer] = useState<Record<string, CellErrors>>({});

  const { data, keys } = useMemo(() => {
    const lines: Record<string, Line[]> = {};
    const keys: Record<string, string[]> = {};
    for (const [name, child] of children) {
      const sent = linesToSend(child, rows[name] ?? []);
      lines[name] = sent.lines;
      keys[name] = sent.keys;
    }
    return { data: lines, keys };
  }, [children, rows]);

  const client = useMemo(() => {
    const out: Record<string, CellErrors> = {};
    if (!submitted) return out;
    for (const [name, child] of children)
      out[name] = validateLines(child, validators[name]!, rows[name] ?? [], t, lang);
    return out;
  }, [children, validators, rows, submitted, t, lang]);

  const errors = useMemo(() => {
    const out: Record<string, CellErrors> = {};
    for (const [name] of children) {
      const a = client[name] ?? NO_ERRORS;
      const b = server[name] ?? NO_ERRORS;
      // The same empty map while nothing is wrong: the grid does not redraw its cells for nothing.
      out[name] = a.size === 0 && b.size === 0 ? NO_ERRORS : mergeCellErrors(a, b);
    }
    return out;
  }, [children, client, server]);

  // Cells set since the form last took the lines (their server messages go when it does).
  const editedRef = useRef<{ name: string; key: string; field: string }[] | null>(null);
  const onGridChange = useCallback(
    (name: string, next: GridLine[], edited?: { key: string; field: string }) => {
      // The grid mutates its row objects in place: a new array tells React the lines changed.
      // Saving reads these at once; the form (totals, rules, errors, dirtiness) takes them after
      // the grid's own frame is painted, in a transition, once per frame (one Enter's frame holds
      // the committed cell and the next editor, not the form's render of the totals).
      nowRef.current = { ...nowRef.current, [name]: [...next] };
      const scheduled = editedRef.current !== null;
      editedRef.current = [...(editedRef.current ?? []), ...(edited ? [{ name, ...edited }] : [])];
      if (scheduled) return;
      afterPaint(() => {
        const cells = editedRef.current ?? [];
        editedRef.current = null;
        startTransition(() => {
          setRows(nowRef.current);
          setDirty(true);
          if (cells.length)
            setServer((s) => {
              let out = s;
              for (const c of cells) {
                const own = out[c.name];
                if (own) out = { ...out, [c.name]: withoutCell(own, c.key, c.field) };
              }
              return out;
            });
        });
      });
    },
    [],
  );

  const takeForSave = () => {
    const out: Record<string, Line[]> = {};
    for (const [name, child] of children) {
      const sent = linesToSend(child, nowRef.current[name] ?? [], true);
      sentRef.current[name] = sent.keys;
      out[name] = sent.lines;
    }
    return out;
  };

  const setServerMessages = useCallback(
    (messages: TableMessage[]) => {
      const out: Record<string, CellErrors> = {};
      for (const [name] of children)
        out[name] = serverCellErrors(messages, name, sentRef.current[name] ?? []);
      setServer(out);
    },
    [children],
  );

  const tableMessages = (tr: Translate, label: (child: ChildDefinition) => string) =>
    !submitted
      ? []
      : children
          .filter(([name, child]) => (data[name]?.length ?? 0) < (child.minItems ?? 0))
          .map(([, child]) =>
            tr('form.lines.minItems', {
              table: label(child),
              count: localDigits(String(child.minItems ?? 0), lang),
            }),
          );

  const blocksSave = () =>
    children.some(([name, child]) => {
      const own = nowRef.current[name] ?? [];
      if (linesToSend(child, own).lines.length < (child.minItems ?? 0)) return true;
      return validateLines(child, validators[name]!, own, t, lang).size > 0;
    });

  return {
    children,
    initial,
    data,
    keys,
    errors,
    dirty,
    tableMessages,
    blocksSave,
    onGridChange,
    takeForSave,
    setServerMessages,
  };
}

/** Lines for the first computation, before any grid reported (the initial rows). */
export function initialLineData(
  definition: EntityDefinition,
  values: EntityValues | undefined,
): Record<string, Line[]> {
  const out: Record<string, Line[]> = {};
  for (const [name, child] of Object.entries(definition.children ?? {}))
    out[name] = linesToSend(child, toGridLines(child, values?.[name])).lines;
  return out;
}
