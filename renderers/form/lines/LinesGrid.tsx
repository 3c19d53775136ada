/**
 * A child table (document lines) as an editable AG Grid inside the form: the view. The grid owns its
 * rows (client-side row model, transactions; no React component per row or cell); the commands
 * (add, remove, duplicate, set a cell, Enter; linesCommands.ts) change them and the form gets the
 * ordered lines through onChange. Enter commits and moves to the next editable cell; Enter on
 * the last cell adds a line; Tab moves like the grid does. The next cell's editor starts after the
 * frame that shows the commit (nextEditor.ts): keys typed before it are not lost. Cell errors
 * (client + server) are shown on the cells (class, tooltip, aria-description) and listed under the
 * grid.
 */
import { Button, makeStaticStyles, makeStyles, Text, tokens } from '@fluentui/react-components';
import { createGrid, type GridApi, type SuppressKeyboardEventParams } from 'ag-grid-community';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type ChildDefinition, type Lang } from '../../../runtime/shared/definition';
import { localDigits } from '../../format';
import { buildLineColumns, editableFields, ERROR_CLASS } from './lineColumns';
import { createLineLookups } from './lineLookup';
import { createFillFrom } from '../fillFrom';
import type { EntityClient } from '../../../runtime/entity/types';
import { computedFields, errorList, type CellErrors, type GridLine, type Line } from './lines';
import { createLinesCommands, ROW_BUFFER } from './linesCommands';
import { registerLinesGridModules } from './modules';
import { createNextEditor } from './nextEditor';
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
  /** Lines a lookup's pick filled (LookupSpec.fill): a new object replaces all lines with its own. */
  filled?: { lines: Line[] };
  /** The document's values as they are now (lookups filling from a related list read them). */
  documentOf?: () => Record<string, unknown>;
}

export const LinesGrid = memo(function LinesGrid(props: LinesGridProps) {
  const { name, child, lang, readOnly, errors, onChange } = props;
  useStaticStyles();
  const styles = useStyles();
  const { t } = useTranslation();
  const apiRef = useRef<GridApi<GridLine> | null>(null);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const title = localText(child.label, lang);

  const errorOf = useCallback((key: string, field: string) => errorsRef.current.get(key)?.[field] ?? '', []);
  const { clientFor } = props;
  const lookups = useMemo(
    () =>
      clientFor
        ? createLineLookups(clientFor, () => apiRef.current?.refreshCells({ force: true }), lang)
        : undefined,
    [clientFor, lang],
  );
  const fillFrom = useMemo(() => (clientFor ? createFillFrom(clientFor) : undefined), [clientFor]);
  const { documentOf } = props;
  const computed = useMemo(() => computedFields(child), [child]);
  const editable = useMemo(() => editableFields(child, readOnly), [child, readOnly]);

  // The editor after an Enter or an added line starts after the frame that shows the change.
  const nextEditor = useMemo(() => createNextEditor(), []);
  useEffect(() => nextEditor.cancel, [nextEditor]);

  // The commands are created once, with the rows; they read the current props when they run.
  const latest = useRef({ name, child, editable, computed, onChange });
  latest.current = { name, child, editable, computed, onChange };
  const [commands] = useState(() =>
    createLinesCommands(props.initial, {
      api: () => apiRef.current,
      child: () => latest.current.child,
      editable: () => latest.current.editable,
      computed: () => latest.current.computed,
      emit: (rows, edited) => latest.current.onChange(latest.current.name, rows, edited),
      nextEditor,
    }),
  );

  // Text left in a lookup cell that matched no row: the cell went back, this says why (until the
  // next edit of a cell).
  const [refused, setRefused] = useState<{ label: string; text: string } | null>(null);
  const onCellSet = useCallback(
    (row: GridLine, field: string) => {
      setRefused(null);
      commands.cellSet(row, field);
    },
    [commands],
  );
  const onLookupRefused = useCallback((label: string, text: string) => setRefused({ label, text }), []);
  const columnDefs = useMemo(
    () =>
      buildLineColumns({
        child,
        lang,
        readOnly,
        errorOf,
        lookups,
        onCellSet,
        onLookupRefused,
        fillFrom,
        documentOf,
      }),
    [child, lang, readOnly, errorOf, lookups, onCellSet, onLookupRefused, fillFrom, documentOf],
  );

  // New errors: redraw the rendered cells (only those in view exist).
  useEffect(() => {
    apiRef.current?.refreshCells({ force: true });
  }, [errors]);

  const defaultColDef = useMemo(
    () => ({
      flex: 1,
      minWidth: 90,
      resizable: true,
      suppressKeyboardEvent: (p: SuppressKeyboardEventParams<GridLine>) => commands.enter(p),
    }),
    [commands],
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
      rowData: commands.rows(),
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
  }, [lang, defaultColDef, commands]);
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'columnDefs', columnDefs), [columnDefs]);
  const { filled } = props;
  useEffect(() => {
    if (filled) commands.replace(filled.lines);
  }, [filled, commands]);
  useEffect(() => {
    const api = apiRef.current;
    const selecting = api?.getGridOption('rowSelection') !== undefined;
    if (api && selecting === readOnly) api.setGridOption('rowSelection', rowSelectionOf(readOnly));
  }, [readOnly]);

  const listed = errorList(errors, commands.rows());
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
            <Button size="small" onClick={() => commands.add()}>
              {t('form.lines.add')}
            </Button>
            <Button size="small" onClick={commands.duplicate}>
              {t('form.lines.copy')}
            </Button>
            <Button size="small" onClick={commands.remove}>
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
      {refused && (
        <Text role="alert" className={styles.errors}>
          {t('form.lookup.noMatchIn', { field: refused.label, text: refused.text })}
        </Text>
      )}
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
