/**
 * The designer's layout editor (docs/lowcode-layout.md): the form's tabs, their sections and rows
 * of fields. A field is dragged (native HTML5 drag and drop) onto a row, a new row or back to the
 * fields not placed; with the keyboard each field has «row up», «row down», «move to…» and its
 * span. Fields are shown by their labels. Edits are pure functions of layoutDraft.ts.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type EntityDefinition, type Lang, type LocalText } from '../../runtime/shared/definition';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import { layoutColumns, type FormLayout } from '../../runtime/shared/layout';
import {
  addSection,
  addTab,
  changeSection,
  changeTab,
  moveField,
  moveTab,
  placeField,
  removeField,
  removeSection,
  removeTab,
  setSpan,
  startLayout,
  unplaced,
  type Target,
} from './layoutDraft';

/** A dragged field travels as plain text (every browser carries it) with this prefix. */
const DRAG_PREFIX = 'layout-field:';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  tab: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '8px 12px 12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  section: {
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '6px',
    minHeight: '40px',
    padding: '4px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  newRow: {
    minHeight: '32px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  over: { outline: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  chip: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px',
    padding: '2px 6px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'grab',
    minWidth: 0,
  },
  lines: { backgroundColor: tokens.colorPaletteLightTealBackground2 },
  label: { fontWeight: tokens.fontWeightSemibold, paddingInline: '4px' },
  small: { minWidth: '0', width: 'auto' },
});

export interface LayoutEditorProps {
  definition: EntityDefinition;
  lang: Lang;
  onChange: (layout: FormLayout | undefined) => void;
}

export function LayoutEditor({ definition, lang, onChange }: LayoutEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [over, setOver] = useState<string | null>(null);
  const layout = definition.layout;
  const tables = new Set(Object.keys(definition.children ?? {}));
  const labelOf = (name: string) =>
    tables.has(name)
      ? localText(definition.children![name]!.label, lang) || name
      : fieldLabel(definition, name, lang) || name;
  const digits = (n: number) => localDigits(String(n), lang);
  // a new tab's or section's title in Persian (always), and in English under en
  const text = (key: string): LocalText => {
    const fa = t(`formLayout.editor.${key}`, { lng: 'fa' });
    return lang === 'en' ? { fa, en: t(`formLayout.editor.${key}`) } : { fa };
  };

  if (!layout)
    return (
      <div className={styles.root} data-layout-editor="">
        <Text>{t('formLayout.editor.none')}</Text>
        <div className={styles.bar}>
          <Button appearance="primary" onClick={() => onChange(startLayout(definition, text('mainTab')))}>
            {t('formLayout.editor.start')}
          </Button>
        </div>
      </div>
    );

  const columns = layoutColumns(layout);
  const rest = unplaced(definition, layout);
  const sections = layout.tabs.flatMap((tab, ti) =>
    tab.sections.map((s, si) => ({
      value: `${ti}:${si}`,
      label: `${localText(tab.title, lang)} › ${localText(s.title, lang) || t('formLayout.editor.section', { n: digits(si + 1) })}`,
    })),
  );
  const sectionTarget = (value: string): Target => {
    const [tab, section] = value.split(':').map(Number);
    return { tab: tab!, section: section! };
  };

  // drag and drop: a field's name travels in the drag; a zone takes it where it is dropped
  const dragStart = (name: string) => (e: DragEvent) => {
    e.dataTransfer.setData('text/plain', DRAG_PREFIX + name);
    e.dataTransfer.effectAllowed = 'move';
  };
  const zone = (id: string, drop: (name: string) => void) => ({
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('text/plain')) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDragLeave: () => setOver((o) => (o === id ? null : o)),
    onDrop: (e: DragEvent) => {
      const text = e.dataTransfer.getData('text/plain');
      setOver(null);
      if (!text.startsWith(DRAG_PREFIX)) return;
      const name = text.slice(DRAG_PREFIX.length);
      e.preventDefault();
      e.stopPropagation();
      drop(name);
    },
  });

  const chip = (name: string, span: number | undefined, placed: boolean) => {
    const label = labelOf(name);
    const isLines = tables.has(name);
    return (
      <div
        key={name}
        className={mergeClasses(styles.chip, isLines && styles.lines)}
        draggable
        onDragStart={dragStart(name)}
        data-layout-chip={name}
        role="group"
        aria-label={label}
      >
        <span className={styles.label} data-drag-handle="">
          {isLines ? t('formLayout.editor.linesOf', { label }) : label}
        </span>
        {placed && !isLines && (
          <Select
            size="small"
            className={styles.small}
            aria-label={t('formLayout.editor.span', { field: label })}
            value={span === undefined ? '' : String(span)}
            onChange={(_, d) => onChange(setSpan(layout, name, d.value ? Number(d.value) : undefined))}
          >
            <option value="">{t('formLayout.editor.spanAuto')}</option>
            {Array.from({ length: columns }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {t('formLayout.editor.spanOf', { n: digits(i + 1), of: digits(columns) })}
              </option>
            ))}
          </Select>
        )}
        {placed && (
          <>
            <Button
              size="small"
              appearance="subtle"
              aria-label={t('formLayout.editor.up', { field: label })}
              title={t('formLayout.editor.up', { field: label })}
              onClick={() => onChange(moveField(layout, name, -1))}
            >
              ↑
            </Button>
            <Button
              size="small"
              appearance="subtle"
              aria-label={t('formLayout.editor.down', { field: label })}
              title={t('formLayout.editor.down', { field: label })}
              onClick={() => onChange(moveField(layout, name, 1))}
            >
              ↓
            </Button>
          </>
        )}
        <Select
          size="small"
          className={styles.small}
          aria-label={t('formLayout.editor.moveTo', { field: label })}
          value=""
          onChange={(_, d) => {
            if (d.value === 'out') onChange(removeField(layout, name));
            else if (d.value) onChange(placeField(layout, name, sectionTarget(d.value)));
          }}
        >
          <option value="">{t('formLayout.editor.moveToPrompt')}</option>
          {sections.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
          {placed && <option value="out">{t('formLayout.editor.takeOut')}</option>}
        </Select>
      </div>
    );
  };

  const localInputs = (
    value: LocalText | undefined,
    labels: { fa: string; en: string },
    set: (v: LocalText | undefined) => void,
  ) => (
    <>
      <Field label={labels.fa}>
        <Input
          value={value?.fa ?? ''}
          onChange={(_, d) => set(d.value ? { ...value, fa: d.value } : undefined)}
        />
      </Field>
      <Field label={labels.en}>
        <Input
          dir="ltr"
          value={value?.en ?? ''}
          disabled={!value?.fa}
          onChange={(_, d) => {
            if (!value?.fa) return;
            const next: LocalText = { fa: value.fa };
            if (d.value) next.en = d.value;
            set(next);
          }}
        />
      </Field>
    </>
  );

  return (
    <div className={styles.root} data-layout-editor="">
      <div className={styles.bar}>
        <Field label={t('formLayout.editor.columns')}>
          <Select
            value={String(columns)}
            onChange={(_, d) => onChange({ ...layout, columns: Number(d.value) === 4 ? 4 : 12 })}
          >
            <option value="12">{digits(12)}</option>
            <option value="4">{digits(4)}</option>
          </Select>
        </Field>
        <Button onClick={() => onChange(addTab(layout, text('newTab')))}>
          {t('formLayout.editor.addTab')}
        </Button>
        <Button onClick={() => onChange(undefined)}>{t('formLayout.editor.remove')}</Button>
      </div>
      <section
        aria-label={t('formLayout.editor.unplaced')}
        className={mergeClasses(styles.section, over === 'rest' && styles.over)}
        {...zone('rest', (name) => onChange(removeField(layout, name)))}
        data-layout-unplaced=""
      >
        <Text weight="semibold">{t('formLayout.editor.unplaced')}</Text>
        <Text size={200}>{t('formLayout.editor.unplacedHint')}</Text>
        <div className={styles.bar}>{rest.map((name) => chip(name, undefined, false))}</div>
      </section>
      {layout.tabs.map((tab, ti) => {
        const tabName = localText(tab.title, lang);
        return (
          <section
            key={ti}
            className={styles.tab}
            aria-label={t('formLayout.editor.tabNamed', { title: tabName })}
            data-layout-tab-editor={ti}
          >
            <div className={styles.bar}>
              {localInputs(
                tab.title,
                { fa: t('formLayout.editor.tabTitleFa'), en: t('formLayout.editor.tabTitleEn') },
                (v) => v && onChange(changeTab(layout, ti, { title: v })),
              )}
              <Button
                aria-label={t('formLayout.editor.tabBefore', { title: tabName })}
                disabled={ti === 0}
                onClick={() => onChange(moveTab(layout, ti, -1))}
              >
                {t('formLayout.editor.before')}
              </Button>
              <Button
                aria-label={t('formLayout.editor.tabAfter', { title: tabName })}
                disabled={ti === layout.tabs.length - 1}
                onClick={() => onChange(moveTab(layout, ti, 1))}
              >
                {t('formLayout.editor.after')}
              </Button>
              <Button
                aria-label={t('formLayout.editor.removeTab', { title: tabName })}
                disabled={layout.tabs.length <= 1}
                onClick={() => onChange(removeTab(layout, ti))}
              >
                {t('formLayout.editor.removeShort')}
              </Button>
            </div>
            {tab.sections.map((section, si) => {
              const sectionName =
                localText(section.title, lang) || t('formLayout.editor.section', { n: digits(si + 1) });
              return (
                <section
                  key={si}
                  className={styles.section}
                  aria-label={t('formLayout.editor.sectionNamed', { title: sectionName })}
                >
                  <div className={styles.bar}>
                    {localInputs(
                      section.title,
                      {
                        fa: t('formLayout.editor.sectionTitleFa'),
                        en: t('formLayout.editor.sectionTitleEn'),
                      },
                      (v) => onChange(changeSection(layout, ti, si, { title: v })),
                    )}
                    <Checkbox
                      label={t('formLayout.editor.collapsible')}
                      checked={section.collapsible === true}
                      onChange={(_, d) =>
                        onChange(changeSection(layout, ti, si, { collapsible: d.checked === true }))
                      }
                    />
                    {section.collapsible && (
                      <Checkbox
                        label={t('formLayout.editor.collapsed')}
                        checked={section.collapsed === true}
                        onChange={(_, d) =>
                          onChange(changeSection(layout, ti, si, { collapsed: d.checked === true }))
                        }
                      />
                    )}
                    <Button
                      aria-label={t('formLayout.editor.removeSection', { title: sectionName })}
                      onClick={() => onChange(removeSection(layout, ti, si))}
                    >
                      {t('formLayout.editor.removeShort')}
                    </Button>
                  </div>
                  {section.rows.map((row, ri) => {
                    const id = `${ti}:${si}:${ri}`;
                    return (
                      <div
                        key={ri}
                        className={mergeClasses(styles.row, over === id && styles.over)}
                        {...zone(id, (name) =>
                          onChange(placeField(layout, name, { tab: ti, section: si, row: ri })),
                        )}
                        data-layout-row={id}
                      >
                        {row.map((c) => chip(c.field, c.span, true))}
                      </div>
                    );
                  })}
                  <div
                    className={mergeClasses(styles.newRow, over === `${ti}:${si}:new` && styles.over)}
                    {...zone(`${ti}:${si}:new`, (name) =>
                      onChange(placeField(layout, name, { tab: ti, section: si })),
                    )}
                    data-layout-new-row={`${ti}:${si}`}
                  >
                    {t('formLayout.editor.dropNewRow')}
                  </div>
                </section>
              );
            })}
            <div className={styles.bar}>
              <Button size="small" onClick={() => onChange(addSection(layout, ti, text('newSection')))}>
                {t('formLayout.editor.addSection')}
              </Button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
