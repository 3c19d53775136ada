/** The menu's order and hidden items, per module (keyboard: buttons and checkboxes in order). */
import { Button, Checkbox, makeStyles, Subtitle2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MenuLayoutModule } from './api';
import { moveEntity, setHidden } from './layout';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', gap: '4px' },
});

export interface MenuLayoutEditorProps {
  layout: MenuLayoutModule[];
  titleOf: (key: string) => string;
  moduleTitle: (module: string) => string;
  onChange: (layout: MenuLayoutModule[]) => void;
}

export function MenuLayoutEditor({ layout, titleOf, moduleTitle, onChange }: MenuLayoutEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div>
      {layout.map((m) => (
        <section key={m.module} aria-label={moduleTitle(m.module)}>
          <Subtitle2 as="h3">{moduleTitle(m.module)}</Subtitle2>
          <ul className={styles.list}>
            {m.entities.map((e, i) => (
              <li key={e.key} className={styles.item} data-entity={e.key}>
                <Button
                  size="small"
                  aria-label={t('security.menu.up', { name: titleOf(e.key) })}
                  disabled={i === 0}
                  onClick={() => onChange(moveEntity(layout, m.module, e.key, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={t('security.menu.down', { name: titleOf(e.key) })}
                  disabled={i === m.entities.length - 1}
                  onClick={() => onChange(moveEntity(layout, m.module, e.key, 1))}
                >
                  ↓
                </Button>
                <Checkbox
                  label={t('security.menu.hide', { name: titleOf(e.key) })}
                  checked={e.hidden}
                  onChange={(_, d) => onChange(setHidden(layout, e.key, d.checked === true))}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
