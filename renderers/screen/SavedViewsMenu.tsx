/**
 * «نماها» in the grid toolbar: the user's saved views of this grid (stored on the server per user
 * and entity, renderers/grid/savedViews.ts). A view is applied by its name; the grid's columns are
 * shown or hidden by their boxes and moved earlier or later by their buttons («ستون‌ها»); the current
 * columns, filters, sort and quick search are saved under a name, optionally as the default view the
 * grid opens with; a view is deleted by its own button.
 */
import {
  Button,
  Checkbox,
  Input,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  ToolbarButton,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridView } from '../../runtime/shared/gridViews';
import type { ColumnChoice } from '../grid/savedViews';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: '260px', maxWidth: '92vw' },
  row: { display: 'flex', alignItems: 'center', gap: '4px' },
  name: { flex: 1, justifyContent: 'flex-start' },
  tag: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  columns: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    maxHeight: '40vh',
    overflowY: 'auto',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: '8px',
  },
  column: { flex: 1 },
  save: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: '8px',
  },
});

export interface SavedViewsMenuProps {
  views: GridView[];
  onApply: (view: GridView) => void;
  onSave: (name: string, isDefault: boolean) => Promise<boolean>;
  onDelete: (view: GridView) => void;
  /** Open at once (the placeholder button was pressed while this part loaded). */
  startOpen?: boolean;
  /** The grid's columns now, read when the popover opens. */
  columns?: () => ColumnChoice[];
  /** The columns shown, hidden or moved: put them on the grid. */
  onColumns?: (columns: ColumnChoice[]) => void;
}

export function SavedViewsMenu({
  views,
  onApply,
  onSave,
  onDelete,
  startOpen = false,
  columns,
  onColumns,
}: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(startOpen);
  // the grid's columns as listed here: read on opening, changed here and put on the grid
  const [cols, setCols] = useState<ColumnChoice[]>(() => (startOpen ? (columns?.() ?? []) : []));
  const arrange = (next: ColumnChoice[]) => {
    setCols(next);
    onColumns?.(next);
  };
  const move = (i: number, by: number) => {
    const next = [...cols];
    const [col] = next.splice(i, 1);
    next.splice(i + by, 0, col!);
    arrange(next);
  };
  const shown = cols.filter((c) => !c.hidden).length;
  const [name, setName] = useState('');
  const [asDefault, setAsDefault] = useState(false);
  const save = async () => {
    if (!name.trim()) return;
    if (await onSave(name.trim(), asDefault)) {
      setName('');
      setAsDefault(false);
      setOpen(false);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(_, d) => {
        if (d.open) setCols(columns?.() ?? []);
        setOpen(d.open);
      }}
      positioning="below-end"
      trapFocus
    >
      <PopoverTrigger disableButtonEnhancement>
        <ToolbarButton appearance="subtle" aria-haspopup="dialog">
          {t('gridWork.views')}
        </ToolbarButton>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('gridWork.views')} data-saved-views="">
        {views.length === 0 && <Text className={styles.tag}>{t('gridWork.noViews')}</Text>}
        {views.map((view) => (
          <div key={view.name} className={styles.row}>
            <Button
              appearance="subtle"
              className={styles.name}
              onClick={() => {
                onApply(view);
                setOpen(false);
              }}
            >
              {view.name}
              {view.isDefault && <span className={styles.tag}>&nbsp;({t('gridWork.default')})</span>}
            </Button>
            <Button
              appearance="subtle"
              size="small"
              aria-label={t('gridWork.deleteView', { name: view.name })}
              onClick={() => onDelete(view)}
            >
              ✕
            </Button>
          </div>
        ))}
        {cols.length > 0 && (
          <div
            className={styles.columns}
            role="group"
            aria-label={t('gridWork.columns')}
            data-view-columns=""
          >
            <Text weight="semibold">{t('gridWork.columns')}</Text>
            {cols.map((col, i) => (
              <div key={col.colId} className={styles.row} data-col-id={col.colId}>
                <Checkbox
                  className={styles.column}
                  label={col.label}
                  checked={!col.hidden}
                  // the last shown column stays: a grid of no columns shows nothing to choose from
                  disabled={!col.hidden && shown === 1}
                  onChange={(_, d) =>
                    arrange(cols.map((c, j) => (j === i ? { ...c, hidden: d.checked !== true } : c)))
                  }
                />
                <Button
                  appearance="subtle"
                  size="small"
                  aria-label={t('gridWork.columnEarlier', { name: col.label })}
                  // focusable when disabled: the button a column was moved first by keeps the focus
                  disabledFocusable={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  appearance="subtle"
                  size="small"
                  aria-label={t('gridWork.columnLater', { name: col.label })}
                  disabledFocusable={i === cols.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </Button>
              </div>
            ))}
          </div>
        )}
        <div className={styles.save}>
          <Input
            aria-label={t('gridWork.viewName')}
            placeholder={t('gridWork.viewName')}
            value={name}
            maxLength={60}
            onChange={(_, d) => setName(d.value)}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
          />
          <Checkbox
            label={t('gridWork.asDefault')}
            checked={asDefault}
            onChange={(_, d) => setAsDefault(d.checked === true)}
          />
          <Button appearance="primary" disabled={!name.trim()} onClick={() => void save()}>
            {t('gridWork.saveView')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}
