/**
 * What one block of a print format prints, edited by kind: the header's logo, a party box's title
 * and values, the fields grid's values and columns, the lines table's child table and columns,
 * totals, the money field in words, the signature boxes' titles, the footer's text. Fields are
 * offered by their labels (PrintValueList); an absent list keeps the generic choice («همه …»).
 */
import { Button, Checkbox, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localText, type EntityDefinition, type Lang, type LocalText } from '../../runtime/shared/definition';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import type { PrintBlock, PrintColumn, PrintValue } from '../../runtime/shared/printFormat';
import { PrintValueList } from './PrintValueList';
import { moneyFields, moveItem, removeItem, type LookupDefinitions } from './printDraft';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '8px' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  hint: { color: tokens.colorNeutralForeground3 },
  box: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px', alignItems: 'end' },
});

export interface PrintBlockEditorProps {
  block: PrintBlock;
  definition: EntityDefinition;
  lookups: LookupDefinitions;
  lang: Lang;
  onChange: (next: PrintBlock) => void;
  onProblem?: (id: string, problem: boolean) => void;
  /** Unique in the page (the inputs' ids). */
  id: string;
  /** The block's name in the buttons' and lists' labels («بلوک ۲، جدول اقلام»). */
  name: string;
}

/** A local text as two inputs (fa, en); an empty Persian text is not a text. */
export function LocalInputs({
  value,
  labels,
  onChange,
}: {
  value: LocalText | undefined;
  labels: { fa: string; en: string };
  onChange: (v: LocalText) => void;
}) {
  return (
    <>
      <Field label={labels.fa}>
        <Input value={value?.fa ?? ''} onChange={(_, d) => onChange(textWith(value, { fa: d.value }))} />
      </Field>
      <Field label={labels.en}>
        <Input
          dir="ltr"
          value={value?.en ?? ''}
          onChange={(_, d) => onChange(textWith(value, { en: d.value }))}
        />
      </Field>
    </>
  );
}

function textWith(value: LocalText | undefined, patch: Partial<LocalText>): LocalText {
  const next: LocalText = { fa: value?.fa ?? '', ...(value?.en ? { en: value.en } : {}), ...patch };
  if (!next.en) delete next.en;
  return next;
}

export function PrintBlockEditor(props: PrintBlockEditorProps) {
  const { block, definition, lookups, lang, onChange, onProblem, id, name } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const digits = (n: number) => localDigits(String(n), lang);

  // a list of values, or (absent) the generic choice the checkbox names
  const optionalValues = (
    values: PrintValue[] | undefined,
    allLabel: string,
    set: (v?: PrintValue[]) => void,
  ) => (
    <>
      <Checkbox
        label={allLabel}
        checked={values === undefined}
        onChange={(_, d) => set(d.checked ? undefined : [])}
      />
      {values && (
        <PrintValueList
          id={id}
          label={t('printDesigner.valuesOf', { block: name })}
          source={definition}
          lookups={lookups}
          lang={lang}
          value={values}
          onChange={set}
        />
      )}
    </>
  );

  switch (block.kind) {
    case 'header':
      return (
        <div className={styles.body}>
          <Checkbox
            label={t('printDesigner.logo')}
            checked={block.logo === true}
            onChange={(_, d) => onChange({ ...block, logo: d.checked === true })}
          />
          <Text size={200} className={styles.hint}>
            {t('printDesigner.headerHint')}
          </Text>
        </div>
      );
    case 'party':
      return (
        <div className={styles.body}>
          <div className={styles.bar}>
            <LocalInputs
              value={block.title}
              labels={{ fa: t('printDesigner.boxTitleFa'), en: t('printDesigner.boxTitleEn') }}
              onChange={(title) => onChange({ ...block, title })}
            />
          </div>
          <PrintValueList
            id={id}
            label={t('printDesigner.valuesOf', { block: name })}
            source={definition}
            lookups={lookups}
            lang={lang}
            value={block.values}
            onChange={(values) => onChange({ ...block, values })}
          />
        </div>
      );
    case 'fields':
      return (
        <div className={styles.body}>
          <Field label={t('printDesigner.gridColumns')}>
            <Select
              value={String(block.columns ?? 3)}
              onChange={(_, d) => onChange({ ...block, columns: Number(d.value) })}
            >
              {[1, 2, 3, 4].map((n) => (
                <option key={n} value={String(n)}>
                  {digits(n)}
                </option>
              ))}
            </Select>
          </Field>
          {optionalValues(block.values, t('printDesigner.allFields'), (values) => {
            const next = { ...block, values };
            if (!values) delete next.values;
            onChange(next);
          })}
        </div>
      );
    case 'totals':
      return (
        <div className={styles.body}>
          {optionalValues(block.values, t('printDesigner.allMoney'), (values) =>
            onChange(values ? { ...block, values } : { kind: 'totals' }),
          )}
        </div>
      );
    case 'words':
      return (
        <Field label={t('printDesigner.wordsField')}>
          <Select
            value={block.field ?? ''}
            onChange={(_, d) => onChange(d.value ? { ...block, field: d.value } : { kind: 'words' })}
          >
            <option value="">{t('printDesigner.lastTotal')}</option>
            {moneyFields(definition).map((f) => (
              <option key={f} value={f}>
                {fieldLabel(definition, f, lang)}
              </option>
            ))}
          </Select>
        </Field>
      );
    case 'lines': {
      const tables = Object.entries(definition.children ?? {});
      const child = definition.children?.[block.table];
      return (
        <div className={styles.body}>
          <div className={styles.bar}>
            <Field label={t('printDesigner.table')}>
              <Select
                value={block.table}
                onChange={(_, d) => {
                  // another table's columns are not this one's: its lines grid's columns
                  const next = { ...block, table: d.value };
                  delete next.columns;
                  onChange(next);
                }}
              >
                {!child && <option value={block.table}>{block.table}</option>}
                {tables.map(([key, c]) => (
                  <option key={key} value={key}>
                    {localText(c.label, lang) || key}
                  </option>
                ))}
              </Select>
            </Field>
            <Checkbox
              label={t('printDesigner.sumRow')}
              checked={block.totals === true}
              onChange={(_, d) => {
                const next = { ...block };
                if (d.checked) next.totals = true;
                else delete next.totals;
                onChange(next);
              }}
            />
          </div>
          {child && (
            <>
              <Checkbox
                label={t('printDesigner.gridOwnColumns')}
                checked={block.columns === undefined}
                onChange={(_, d) => {
                  const next = { ...block };
                  if (d.checked) delete next.columns;
                  else next.columns = [];
                  onChange(next);
                }}
              />
              {block.columns && (
                <PrintValueList<PrintColumn>
                  id={id}
                  label={t('printDesigner.columnsOf', { block: name })}
                  source={child}
                  lookups={lookups}
                  lang={lang}
                  value={block.columns}
                  computed
                  onProblem={onProblem}
                  onChange={(columns) => onChange({ ...block, columns })}
                />
              )}
            </>
          )}
        </div>
      );
    }
    case 'signatures':
      return (
        <div className={styles.body} role="group" aria-label={t('printDesigner.boxesOf', { block: name })}>
          {block.boxes.map((box, i) => {
            const n = digits(i + 1);
            const boxes = (next: LocalText[]) => onChange({ ...block, boxes: next });
            return (
              <div key={i} className={styles.box}>
                <LocalInputs
                  value={box}
                  labels={{ fa: t('printDesigner.signFa', { n }), en: t('printDesigner.signEn', { n }) }}
                  onChange={(v) => boxes(block.boxes.map((b, j) => (j === i ? v : b)))}
                />
                <Button
                  size="small"
                  aria-label={t('printDesigner.up', { name: t('printDesigner.sign', { n }) })}
                  disabled={i === 0}
                  onClick={() => boxes(moveItem(block.boxes, i, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={t('printDesigner.down', { name: t('printDesigner.sign', { n }) })}
                  disabled={i === block.boxes.length - 1}
                  onClick={() => boxes(moveItem(block.boxes, i, 1))}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  aria-label={t('printDesigner.remove', { name: t('printDesigner.sign', { n }) })}
                  onClick={() => boxes(removeItem(block.boxes, i))}
                >
                  ✕
                </Button>
              </div>
            );
          })}
          <div>
            <Button
              size="small"
              onClick={() =>
                onChange({
                  ...block,
                  boxes: [...block.boxes, { fa: t('printDesigner.newSign', { lng: 'fa' }) }],
                })
              }
            >
              {t('printDesigner.addSign')}
            </Button>
          </div>
        </div>
      );
    case 'footer':
      return (
        <div className={styles.bar}>
          <LocalInputs
            value={block.text}
            labels={{ fa: t('printDesigner.footerFa'), en: t('printDesigner.footerEn') }}
            onChange={(text) => onChange(text.fa || text.en ? { ...block, text } : { kind: 'footer' })}
          />
        </div>
      );
  }
}
