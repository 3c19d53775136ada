/**
 * «نماها» in the grid toolbar: the user's saved views of this grid (stored on the server per user
 * and entity, renderers/grid/savedViews.ts). A view is applied by its name; the current columns,
 * filters, sort and quick search are saved under a name, optionally as the default view the grid
 * opens with; a view is deleted by its own button.
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

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: '260px', maxWidth: '92vw' },
  row: { display: 'flex', alignItems: 'center', gap: '4px' },
  name: { flex: 1, justifyContent: 'flex-start' },
  tag: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
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
}

export function SavedViewsMenu({ views, onApply, onSave, onDelete, startOpen = false }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(startOpen);
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
    <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" trapFocus>
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
