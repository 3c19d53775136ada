/**
 * A child table (document lines) as an editable AG Grid inside the form. The grid owns its rows
 * (client-side row model, transactions; no React component per row or cell); the form gets the
 * ordered lines through onChange. Enter commits and moves to the next editable cell; Enter on
 * the last cell adds a line; Tab moves like the grid does. The next cell's editor starts after the
 * frame that shows the commit (nextEditor.ts): keys typed before it are not lost. Cell errors
 * (client + server) are shown on the cells (class, tooltip, aria-description) and listed under the
 * grid.
 */
import { Button, makeStaticStyles, makeStyles, Text, tokens } from '@fluentui/react-components';
import { createGrid, type GridApi, type SuppressKeyboardEventParams } from 'ag-grid-community';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type ChildDefinition, type Lang } from '../../../runtime/shared/definition';
import { localDigits } from '../../format';
import { buildLineColumns, editableFields, ERROR_CLASS } from './lineColumns';
import { createLineLookups } from './lineLookup';
import type { EntityClient } from '../../../runtime/entity/types';
import {
  computedFields,
  copyLines,
  emptyLine,
  errorList,
  insertLine,
  newKey,
  nextCell,
  removeLines,
  type CellErrors,
  type GridLine,
} from './lines';
import { registerLinesGridModules } from './modules';
import { createNextEditor } from './nextEditor';
import { afterPaint } from '../afterPaint';
import { GRID_THEME, GRID_THEME_CLASS } from '../../grid/gridTheme';
import { gridLocaleText } from '../../grid/gridLocale';
import { setGridOptionIfChanged } from '../../grid/gridOptions';

registerLinesGridModules();

const useStaticStyles = makeStaticStyles({
  [`.${ERROR_CLASS}`]: {
    outline: `2px solid ${tokens.colorPaletteRedBorder2}`,
    outlineOffset: '-2px',
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  '.erp-line-cell-readonly': { backgroundColor: tokens.colorNeutralBackground3 },
});

const useStyles = makeStyles({
  // positioned: a lookup cell editor's list of options is placed over it. Block layout (not flex):
  // the grid's box must be a block child to be a relayout boundary (below).
  section: { display: 'block', marginTop: '12px', position: 'relative' },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap', marginBottom: '6px' },
  // Fixed size with size and layout containment: a relayout boundary, so the style and layout an
  // Enter forces (editor stopped, next started, focus) lay out the grid alone, not the whole form.
  // No paint containment: AG Grid's own popups are drawn inside it and may overflow it.
  grid: { height: '320px', width: '100%', contain: 'size layout style' },
  errors: { margin: '6px 0 0', paddingInlineStart: '20px', color: tokens.colorPaletteRedForeground1 },
});

const MAX_LISTED = 20;
/**
 * Rows drawn beyond the visible ones each way, so a scroll shows drawn rows (AG Grid's default is
 * 10): fewer rows created and laid out when the first add of a long document jumps to its end.
 */
const ROW_BUFFER = 4;

const rowSelectionOf = (readOnly: boolean) =>
  readOnly
    ? undefined
    : ({ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false } as const);

export interface LinesGridProps {
  name: string;
  child: ChildDefinition;
  lang: Lang;
  readOnly: boolean;
  /** The lines to start from; read on mount only (the grid owns the rows afterwards). */
  initial: GridLine[];
  errors: CellErrors;
  /** The ordered rows after every change; `edited` names the cell the user set. */
  onChange: (name: string, rows: GridLine[], edited?: { key: string; field: string }) => void;
  /** Clients of other entities, for lookup columns (search and display texts). */
  clientFor?: (entityKey: string) => EntityClient;
}

export const LinesGrid = memo(function LinesGrid(props: LinesGridProps) {
  const { name, child, lang, readOnly, errors, onChange } = props;
  useStaticStyles();
  const styles = useStyles();
  const { t } = useTranslation();
  const apiRef = useRef<GridApi<GridLine> | null>(null);
  const rowsRef = useRef<GridLine[]>(props.initial);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const title = localText(child.label, lang);

  const emit = useCallback(
    (edited?: { key: string; field: string }) => onChange(name, rowsRef.current, edited),
    [name, onChange],
  );
  const emitRef = useRef(emit);
  emitRef.current = emit;

  const errorOf = useCallback((key: string, field: string) => errorsRef.current.get(key)?.[field] ?? '', []);
  const { clientFor } = props;
  const lookups = useMemo(
    () =>
      clientFor
        ? createLineLookups(clientFor, () => apiRef.current?.refreshCells({ force: true }))
        : undefined,
    [clientFor],
  );
  const computed = useMemo(() => computedFields(child), [child]);
  const columnDefs = useMemo(
    () =>
      buildLineColumns({
        child,
        lang,
        readOnly,
        errorOf,
        lookups,
        onCellSet: (row, field) => {
          // the cell set and the line's computed cells; the row's other cells did not change
          const node = apiRef.current?.getRowNode(row.key);
          if (node)
            apiRef.current?.refreshCells({ rowNodes: [node], columns: [field, ...computed], force: true });
          emitRef.current({ key: row.key, field });
        },
      }),
    [child, lang, readOnly, errorOf, lookups, computed],
  );
  const editable = useMemo(() => editableFields(child, readOnly), [child, readOnly]);

  // New errors: redraw the rendered cells (only those in view exist).
  useEffect(() => {
    apiRef.current?.refreshCells({ force: true });
  }, [errors]);

  // The editor after an Enter or an added line starts after the frame that shows the change.
  const nextEditor = useMemo(() => createNextEditor(), []);
  useEffect(() => nextEditor.cancel, [nextEditor]);

  const renumber = () => apiRef.current?.refreshCells({ columns: ['#'], force: true });

  const startEditing = (rowIndex: number, colId: string) => {
    const api = apiRef.current;
    if (!api) return;
    // startEditingCell scrolls the row into view itself and focuses the editor. The grid's focused
    // cell (Tab, copy and remove go from it) is set after it for an editor inside the cell: the
    // cell holding the focused editor is not focused again (the cell taking the browser focus, then
    // its editor, was a second forced style and layout per Enter). A popup editor is outside the
    // cell, so its cell is focused first, once its row is drawn (a cell drawn while it is the
    // focused one takes the focus again on a timer, from the editor).
    if (api.getColumnDef(colId)?.cellEditorPopup) {
      api.ensureIndexVisible(rowIndex);
      api.setFocusedCell(rowIndex, colId);
      api.startEditingCell({ rowIndex, colKey: colId });
    } else {
      api.startEditingCell({ rowIndex, colKey: colId });
      api.setFocusedCell(rowIndex, colId);
    }
  };

  const addLine = (at = rowsRef.current.length) => {
    const line: GridLine = { key: newKey(), v: emptyLine(child) };
    const appended = at >= rowsRef.current.length;
    rowsRef.current = insertLine(rowsRef.current, line, at);
    const api = apiRef.current;
    // A line out of the drawn rows (the first add of a long document) is a jump: only the rows the
    // viewport shows there are drawn before the frame, the rows kept beyond them for scrolling
    // after it (they are out of view: drawing them first was a third of the jump's work).
    const jump = !!api && (at > api.getLastDisplayedRowIndex() + 1 || at < api.getFirstDisplayedRowIndex());
    if (jump) api.setGridOption('rowBuffer', 0);
    api?.applyTransaction({ add: [line], addIndex: at });
    // The new line is shown in this frame (drawn now, not in the grid's own animation frames
    // behind it); its first cell's editor comes in the next.
    api?.ensureIndexVisible(at);
    api?.flushAllAnimationFrames();
    // lines after an inserted one move down a number; an appended line is numbered as it is drawn
    if (!appended) renumber();
    emit();
    const first = editable[0];
    if (first) nextEditor.schedule(() => startEditing(at, first));
    if (jump)
      afterPaint(() => {
        if (!api.isDestroyed()) api.setGridOption('rowBuffer', ROW_BUFFER);
      });
  };

  const targetKeys = (): string[] => {
    const api = apiRef.current;
    if (!api) return [];
    const selected = api.getSelectedRows().map((r) => r.key);
    if (selected.length) return selected;
    const focused = api.getFocusedCell();
    const row = focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined;
    return row ? [row.key] : [];
  };

  const removeSelected = () => {
    const keys = new Set(targetKeys());
    if (!keys.size) return;
    const gone = rowsRef.current.filter((r) => keys.has(r.key));
    rowsRef.current = removeLines(rowsRef.current, keys);
    apiRef.current?.applyTransaction({ remove: gone });
    renumber();
    emit();
  };

  const copySelected = () => {
    const keys = targetKeys();
    if (!keys.length) return;
    const { rows, copies } = copyLines(rowsRef.current, keys);
    rowsRef.current = rows;
    for (const copy of copies) {
      apiRef.current?.applyTransaction({ add: [copy], addIndex: rows.indexOf(copy) });
    }
    renumber();
    emit();
  };

  const onEnter = (p: SuppressKeyboardEventParams<GridLine>): boolean => {
    const e = p.event;
    if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey || !p.editing) return false;
    if (e.type !== 'keydown') return true;
    // The editor's input leaves the DOM below, so the section's onKeyDown never sees this keydown;
    // unprevented, its keypress reaches the next cell's editor and submits the form implicitly.
    e.preventDefault();
    const rowIndex = p.node.rowIndex ?? 0;
    const colId = p.column.getColId();
    // The editor lets the focus go before it stops: stopping an editor that has the focus focuses
    // its cell first (a forced style and layout, and Fluent's focus tracking walking the ancestors),
    // only for the next editor to take the focus a moment later. Losing the focus stops (commits)
    // the edit here already (stopEditingWhenCellsLoseFocus); stopEditing() makes sure it stopped.
    if (e.target instanceof HTMLElement) e.target.blur();
    p.api.stopEditing();
    const next = nextCell(editable, rowIndex, colId, rowsRef.current.length);
    if (next === 'add') addLine();
    else nextEditor.schedule(() => startEditing(next.rowIndex, next.colId));
    return true;
  };
  const onEnterRef = useRef(onEnter);
  onEnterRef.current = onEnter;
  const defaultColDef = useMemo(
    () => ({
      flex: 1,
      minWidth: 90,
      resizable: true,
      suppressKeyboardEvent: (p: SuppressKeyboardEventParams<GridLine>) => onEnterRef.current(p),
    }),
    [],
  );

  // The grid is AG Grid's own DOM (createGrid), not its React wrapper: a cell edited, a row added or
  // an editor started renders inside the event, without a React render and commit of the grid's
  // rows and cells after it (and a cell that renders is not focused again by a timer after its
  // editor took the focus). Created once per language (right-to-left is fixed at creation), from
  // the rows as they are; later options are set on it.
  const hostRef = useRef<HTMLDivElement>(null);
  const optionsRef = useRef({ columnDefs, readOnly, noRows: t('form.lines.empty'), title });
  optionsRef.current = { columnDefs, readOnly, noRows: t('form.lines.empty'), title };
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const o = optionsRef.current;
    const api = createGrid<GridLine>(host, {
      theme: GRID_THEME,
      rowData: rowsRef.current,
      columnDefs: o.columnDefs,
      defaultColDef,
      getRowId: (p) => p.data.key,
      enableRtl: lang === 'fa',
      localeText: gridLocaleText(lang),
      rowSelection: rowSelectionOf(o.readOnly),
      stopEditingWhenCellsLoseFocus: true,
      suppressMovableColumns: true,
      tooltipShowDelay: 200,
      overlayNoRowsTemplate: o.noRows,
      rowBuffer: ROW_BUFFER,
      // rows inserted, removed or copied take their places at once, without CSS transitions
      // running over the next frames
      animateRows: false,
    });
    apiRef.current = api;
    host.querySelector('[role="grid"],[role="treegrid"]')?.setAttribute('aria-label', o.title);
    return () => {
      apiRef.current = null;
      api.destroy();
    };
  }, [lang, defaultColDef]);
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'columnDefs', columnDefs), [columnDefs]);
  useEffect(() => {
    const api = apiRef.current;
    const selecting = api?.getGridOption('rowSelection') !== undefined;
    if (api && selecting === readOnly) api.setGridOption('rowSelection', rowSelectionOf(readOnly));
  }, [readOnly]);

  const listed = errorList(errors, rowsRef.current);
  const labelOf = (field: string) => localText(child.fields[field]?.label, lang) || field;

  return (
    <section
      className={styles.section}
      aria-label={title}
      data-lines={name}
      // Enter in a cell editor must not submit the form around the grid (implicit submission).
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
      }}
    >
      <div className={styles.bar}>
        <Text weight="semibold">{title}</Text>
        {!readOnly && (
          <>
            <Button size="small" onClick={() => addLine()}>
              {t('form.lines.add')}
            </Button>
            <Button size="small" onClick={copySelected}>
              {t('form.lines.copy')}
            </Button>
            <Button size="small" onClick={removeSelected}>
              {t('form.lines.remove')}
            </Button>
          </>
        )}
      </div>
      <div
        key={lang}
        ref={hostRef}
        className={`${styles.grid} ${GRID_THEME_CLASS}`}
        dir={lang === 'fa' ? 'rtl' : 'ltr'}
      />
      {listed.length > 0 && (
        <ul className={styles.errors} aria-label={t('form.lines.errors')}>
          {listed.slice(0, MAX_LISTED).map((e) => (
            <li key={`${e.key}-${e.field}`}>
              {t('form.lines.errorAt', {
                line: localDigits(String(e.line), lang),
                field: e.field ? labelOf(e.field) : '',
                message: e.message,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
