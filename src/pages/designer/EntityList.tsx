/** The designer's list of entities (Designer/List), filtered by a search box; one is chosen to edit. */
import { Badge, Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../renderers/format';
import { localText, type Lang } from '../../../runtime/shared/definition';
import type { DesignerEntry } from './api';

/** A screen wide enough for the entity list beside the designer's editor. */
export const WIDE_QUERY = '(min-width: 1600px)';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    // above the editor (DesignerPage.tsx) the list leaves it room; beside it, as long as the screen
    maxHeight: 'min(30vh, 220px)',
    overflowY: 'auto',
    [`@media ${WIDE_QUERY}`]: { maxHeight: '70vh' },
  },
  item: { width: '100%', justifyContent: 'flex-start', textAlign: 'start' },
  meta: { marginInlineStart: 'auto', color: tokens.colorNeutralForeground3 },
});

export function entryTitle(entry: DesignerEntry, lang: Lang): string {
  return typeof entry.title === 'string' ? entry.title : localText(entry.title, lang);
}

export interface EntityListProps {
  entries: DesignerEntry[];
  selected: string | null;
  lang: Lang;
  onSelect: (key: string) => void;
  onNew: () => void;
}

export function EntityList({ entries, selected, lang, onSelect, onNew }: EntityListProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = entries.filter(
    (e) => !q || e.key.toLowerCase().includes(q) || entryTitle(e, lang).includes(query.trim()),
  );
  return (
    <nav aria-label={t('designer.entities')}>
      <Button appearance="primary" onClick={onNew}>
        {t('designer.newEntity')}
      </Button>
      <Input
        aria-label={t('designer.search')}
        placeholder={t('designer.search')}
        value={query}
        onChange={(_, d) => setQuery(d.value)}
        style={{ margin: '8px 0', width: '100%' }}
      />
      <ul className={styles.list}>
        {shown.map((e) => (
          <li key={e.key}>
            <Button
              appearance={e.key === selected ? 'primary' : 'subtle'}
              className={styles.item}
              aria-current={e.key === selected || undefined}
              onClick={() => onSelect(e.key)}
            >
              {entryTitle(e, lang)}
              <Badge
                appearance="tint"
                color={e.source === 'database' ? 'brand' : 'informative'}
                className={styles.meta}
              >
                {e.source === 'database'
                  ? t('designer.version', { version: localDigits(String(e.version), lang) })
                  : t('designer.fromFile')}
              </Badge>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
