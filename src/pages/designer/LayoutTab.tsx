/**
 * The designer's «form layout» tab: the layout editor (renderers/designer/LayoutEditor.tsx) and
 * beside it a live preview of the real form over sample values, at desktop width or in a phone's
 * 390 px (the form stacks its cells by a container query, so the phone's layout shows here too).
 */
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutEditor, sampleValues, withLayout } from '../../../renderers/designer';
import type { EntityValues } from '../../../runtime/entity/types';
import type { EntityDefinition, Lang } from '../../../runtime/shared/definition';
import { FormPreview } from './DesignerPreview';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px' },
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '12px',
    boxSizing: 'border-box',
    marginInline: 'auto',
    width: '100%',
    overflowX: 'auto',
  },
  phone: { maxWidth: '390px' },
});

export function LayoutTab({
  draft,
  lang,
  onChange,
}: {
  draft: EntityDefinition;
  lang: Lang;
  onChange: (next: EntityDefinition) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const values = useMemo(() => sampleValues(draft) as EntityValues, [draft]);
  return (
    <div className={styles.root}>
      <LayoutEditor
        definition={draft}
        lang={lang}
        onChange={(layout) => onChange(withLayout(draft, layout))}
      />
      <TabList
        size="small"
        aria-label={t('formLayout.preview')}
        selectedValue={width}
        onTabSelect={(_, d) => setWidth(d.value as 'desktop' | 'phone')}
      >
        <Tab value="desktop">{t('formLayout.previewDesktop')}</Tab>
        <Tab value="phone">{t('formLayout.previewPhone')}</Tab>
      </TabList>
      <div
        className={width === 'phone' ? `${styles.frame} ${styles.phone}` : styles.frame}
        data-preview-width={width}
      >
        <FormPreview draft={draft} lang={lang} values={values} label={t('formLayout.preview')} />
      </div>
    </div>
  );
}
