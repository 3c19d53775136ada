/**
 * One rule of the rules editor (RulesEditor.tsx): its id, its formula, its messages in Persian and
 * English, the fields its message is shown at (ticked by label), the values its message names as
 * `{{name}}` (each a formula) and the line cell it is blamed on (a child table picked by label, the
 * row and the field as formulas). Nothing here is JSON: every part is an input, a picker or a
 * formula.
 */
import {
  Button,
  Checkbox,
  Field,
  FieldContextProvider,
  Input,
  makeStyles,
  Select,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import type { LocalText } from '../../runtime/shared/definition';
import type { FormulaField, NameStyle, NameTable } from '../../runtime/shared/formula';
import { FormulaInput } from './FormulaInput';
import { editCell, type FormulaCell, type RuleRow } from './ruleRows';

export interface RuleRowEditorProps {
  id: string;
  /** The row's number as shown («۱»). */
  n: string;
  row: RuleRow;
  names: NameTable;
  style: NameStyle;
  /** A field's or table's name as shown (label, or key under technical names). */
  labelOf: (f: FormulaField) => string;
  onChange: (row: RuleRow) => void;
  onRemove: () => void;
  /** The problems of a part of the row (`''`: the row; `params.0`, `line`) as an alert, or null. */
  problemsOf: (part: string) => ReactNode;
  /** The note under a formula shown as JSON Logic, or null. */
  jsonNote: (cell: FormulaCell) => ReactNode;
}

const useStyles = makeStyles({
  narrow: { minWidth: '140px' },
  fields: { alignSelf: 'end', paddingBlockEnd: '6px', maxWidth: '100%' },
  checks: { display: 'flex', flexWrap: 'wrap', columnGap: '8px' },
  part: {
    flexBasis: '100%',
    order: 3,
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    alignItems: 'start',
    paddingInlineStart: '16px',
    borderInlineStartWidth: '2px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorNeutralStroke3,
  },
  partTitle: { flexBasis: '100%', fontWeight: tokens.fontWeightSemibold, margin: 0 },
  hint: { flexBasis: '100%', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function RuleRowEditor(props: RuleRowEditorProps) {
  const { id, n, row: r, names, style, labelOf, onChange: set, problemsOf, jsonNote } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const num = (i: number) => sentenceNumber(i, i18n.language === 'en' ? 'en' : 'fa');
  const cell = (text: string): FormulaCell => editCell(text, names);
  const fields = r.rule.fields ?? [];
  const fieldLabel = (key: string) => {
    const f = names.fields.find((x) => x.key === key);
    return f ? labelOf(f) : key;
  };
  const tables = names.tables ?? [];
  const setParam = (j: number, patch: Partial<RuleRow['params'][number]>) =>
    set({ ...r, params: r.params.map((p, k) => (k === j ? { ...p, ...patch } : p)) });

  return (
    <>
      <Field label={t('formula.ruleId', { n })} className={styles.narrow}>
        <Input
          dir="ltr"
          value={r.rule.id}
          onChange={(_, d) => set({ ...r, rule: { ...r.rule, id: d.value.trim() } })}
        />
      </Field>
      <FormulaInput
        id={`${id}-f`}
        label={t('formula.ruleFormula', { n })}
        text={r.formula.text}
        error={r.formula.error}
        names={names}
        style={style}
        onChange={(text) => set({ ...r, formula: cell(text) })}
      />
      <Field label={t('formula.ruleMessageFa', { n })}>
        <Input
          value={r.rule.message.fa}
          onChange={(_, d) => set({ ...r, rule: { ...r.rule, message: { ...r.rule.message, fa: d.value } } })}
        />
      </Field>
      <Field label={t('formula.ruleMessageEn', { n })}>
        <Input
          dir="ltr"
          value={r.rule.message.en ?? ''}
          onChange={(_, d) => {
            const message: LocalText = { ...r.rule.message, en: d.value };
            if (!d.value) delete message.en;
            set({ ...r, rule: { ...r.rule, message } });
          }}
        />
      </Field>
      <details className={styles.fields}>
        <summary>
          {t('formulaMore.ruleFields', { n })}:{' '}
          {fields.map(fieldLabel).join('، ') || t('formulaMore.ruleFieldsNone')}
        </summary>
        <FieldContextProvider value={undefined}>
          <div role="group" aria-label={t('formulaMore.ruleFields', { n })} className={styles.checks}>
            {names.fields.map((f) => (
              <Checkbox
                key={f.key}
                label={labelOf(f)}
                checked={fields.includes(f.key)}
                onChange={(_, d) => {
                  const keep = names.fields
                    .map((x) => x.key)
                    .filter((k) => (k === f.key ? d.checked === true : fields.includes(k)));
                  const rule: RuleRow['rule'] = { ...r.rule, fields: keep };
                  if (!keep.length) delete rule.fields;
                  set({ ...r, rule });
                }}
              />
            ))}
          </div>
        </FieldContextProvider>
      </details>
      <Button onClick={props.onRemove}>{t('formula.remove')}</Button>
      {jsonNote(r.formula)}
      {problemsOf('')}

      <div className={styles.part} role="group" aria-label={t('formulaMore.paramsTitle', { n })}>
        <p className={styles.partTitle}>{t('formulaMore.paramsTitle', { n })}</p>
        <div className={styles.hint}>
          {t('formulaMore.paramsHint', { placeholder: '{{…}}', example: '{{difference}}' })}
        </div>
        {r.params.map((p, j) => (
          <div key={j} className={styles.part}>
            <Field label={t('formulaMore.paramName', { n: num(j + 1) })} className={styles.narrow}>
              <Input dir="ltr" value={p.name} onChange={(_, d) => setParam(j, { name: d.value.trim() })} />
            </Field>
            <FormulaInput
              id={`${id}-p${j}`}
              label={t('formulaMore.paramFormula', { name: p.name || num(j + 1) })}
              text={p.formula.text}
              error={p.formula.error}
              names={names}
              style={style}
              onChange={(text) => setParam(j, { formula: cell(text) })}
            />
            <Button onClick={() => set({ ...r, params: r.params.filter((_, k) => k !== j) })}>
              {t('formulaMore.removeParam', { name: p.name || num(j + 1) })}
            </Button>
            {jsonNote(p.formula)}
            {problemsOf(`params.${j}`)}
          </div>
        ))}
        <Button onClick={() => set({ ...r, params: [...r.params, { name: '', formula: cell('') }] })}>
          {t('formulaMore.addParam')}
        </Button>
      </div>

      {tables.length > 0 && (
        <div className={styles.part}>
          <Checkbox
            label={t('formulaMore.lineOn', { n })}
            checked={r.line !== undefined}
            onChange={(_, d) => {
              const next = { ...r };
              if (d.checked) next.line = { table: tables[0]!.key, index: cell(''), field: cell('') };
              else delete next.line;
              set(next);
            }}
          />
          {r.line && (
            <>
              <div className={styles.hint}>{t('formulaMore.lineHint')}</div>
              <Field label={t('formulaMore.lineTable', { n })} className={styles.narrow}>
                <Select
                  value={r.line.table}
                  onChange={(_, d) => set({ ...r, line: { ...r.line!, table: d.value } })}
                >
                  {tables.map((tb) => (
                    <option key={tb.key} value={tb.key}>
                      {labelOf(tb)}
                    </option>
                  ))}
                </Select>
              </Field>
              <FormulaInput
                id={`${id}-li`}
                label={t('formulaMore.lineIndex', { n })}
                text={r.line.index.text}
                error={r.line.index.error}
                names={names}
                style={style}
                onChange={(text) => set({ ...r, line: { ...r.line!, index: cell(text) } })}
              />
              <FormulaInput
                id={`${id}-lf`}
                label={t('formulaMore.lineField', { n })}
                text={r.line.field.text}
                error={r.line.field.error}
                names={names}
                style={style}
                onChange={(text) => set({ ...r, line: { ...r.line!, field: cell(text) } })}
              />
              {jsonNote(r.line.field)}
              {problemsOf('line')}
            </>
          )}
        </div>
      )}
    </>
  );
}
