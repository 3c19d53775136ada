/**
 * Computed fields, rules (RuleRowEditor.tsx), field conditions and default values written as
 * formulas (runtime/shared/formula): one input per formula, with completion and its problem under
 * it, a visual builder for conditions, and the JSON Logic shown read-only for experts. Only rows without problems change the
 * definition; a problem is reported so the page does not plan or publish a definition that misses
 * what the analyst typed. The server checks the definition again (Designer/Plan).
 */
import {
  Button,
  Field,
  makeStyles,
  mergeClasses,
  Select,
  Switch,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import type { Lang } from '../../runtime/shared/definition';
import {
  printFormula,
  type FormulaField,
  type NameStyle,
  type NameTable,
} from '../../runtime/shared/formula';
import type { RuleSet } from '../../runtime/shared/rules';
import { ConditionBuilder } from './ConditionBuilder';
import { builderExpr, builderModel, type BuilderModel } from './conditionRows';
import { FormulaInput } from './FormulaInput';
import { RuleRowEditor } from './RuleRowEditor';
import {
  CONDITION_STATES,
  editCell,
  restyle,
  rowsOfRules,
  rulesOfRows,
  type ConditionState,
  type FormulaCell,
  type RowProblem,
  type RuleRows,
} from './ruleRows';
import { rulesToText } from './rulesText';

export interface RulesEditorProps {
  id: string;
  label: string;
  value: RuleSet | undefined;
  /** Names the formulas may use (runtime/shared/formula/fromDefinition.ts). */
  names: NameTable;
  lang: Lang;
  onChange: (value: RuleSet | undefined) => void;
  onProblem: (id: string, problem: boolean) => void;
  /** Default values are edited too (a document's rules; a line's defaults are its schema's). */
  defaults?: boolean;
}

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
  },
  head: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  section: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  row: {
    display: 'flex',
    gap: '8px',
    flexWrap: 'wrap',
    alignItems: 'start',
    paddingBlockEnd: '8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  narrow: { minWidth: '140px' },
  // under the formula (FormulaInput's order 1)
  problem: { color: tokens.colorPaletteRedForeground1, flexBasis: '100%', order: 2 },
  below: { flexBasis: '100%', order: 2 },
  json: { fontFamily: tokens.fontFamilyMonospace, direction: 'ltr', minHeight: '120px' },
});

export function RulesEditor(props: RulesEditorProps) {
  const { id, label, value, names, lang, onChange, onProblem } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [technical, setTechnical] = useState(false);
  const style: NameStyle = technical ? 'key' : lang;
  const [rows, setRows] = useState<RuleRows>(() => rowsOfRules(value, names, style));
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [showJson, setShowJson] = useState(false);
  const [builders, setBuilders] = useState<Map<number, BuilderModel>>(new Map());
  useEffect(
    () => () => {
      onProblem(id, false);
    },
    [id, onProblem],
  );

  const commit = (next: RuleRows) => {
    setRows(next);
    const made = rulesOfRows(next);
    setProblems(made.problems);
    onProblem(id, made.problems.length > 0);
    if (!made.problems.length) onChange(made.set);
  };
  const cell = (text: string): FormulaCell => editCell(text, names);
  const fieldLabel = (f: FormulaField) => (technical ? f.key : (f[lang] ?? f.fa ?? f.key));
  const problemKey = (key: string) =>
    ['paramName', 'noTable', 'clock'].includes(key) ? `formulaMore.problem.${key}` : `formula.problem.${key}`;
  const problemsAt = (where: string) =>
    problems.filter((p) => p.where === where && p.key !== 'formula').map((p) => t(problemKey(p.key)));
  const fieldOptions = useMemo(() => names.fields, [names]);

  const fieldSelect = (lbl: string, v: string, change: (f: string) => void) => (
    <Field label={lbl} className={styles.narrow}>
      <Select value={v} onChange={(_, d) => change(d.value)}>
        <option value="" />
        {fieldOptions.map((f) => (
          <option key={f.key} value={f.key}>
            {fieldLabel(f)}
          </option>
        ))}
      </Select>
    </Field>
  );
  const rowProblems = (where: string) => {
    const list = problemsAt(where);
    return list.length ? (
      <div role="alert" className={styles.problem}>
        {list.join(' ')}
      </div>
    ) : null;
  };
  const jsonNote = (c: FormulaCell) =>
    c.json && !c.error ? (
      <div className={mergeClasses(styles.hint, styles.below)}>{t('formula.jsonNote')}</div>
    ) : null;

  const setBuilder = (i: number, model: BuilderModel | undefined) => {
    const next = new Map(builders);
    if (model) next.set(i, model);
    else next.delete(i);
    setBuilders(next);
  };

  return (
    <fieldset className={styles.box}>
      <legend>{label}</legend>
      <div className={styles.head}>
        <Switch
          label={t('formula.technicalNames')}
          checked={technical}
          onChange={(_, d) => {
            setTechnical(d.checked);
            setRows(restyle(rows, names, d.checked ? 'key' : lang));
          }}
        />
        <Switch
          label={t('formula.showJson')}
          checked={showJson}
          onChange={(_, d) => setShowJson(d.checked)}
        />
      </div>
      <div className={styles.hint}>{t('formula.hint')}</div>

      <h4 className={styles.section}>{t('formula.computed')}</h4>
      {rows.computed.map((r, i) => {
        const n = sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa');
        const set = (row: typeof r) =>
          commit({ ...rows, computed: rows.computed.map((x, j) => (j === i ? row : x)) });
        return (
          <div key={i} className={styles.row}>
            {fieldSelect(t('formula.computedField', { n }), r.field, (field) => set({ ...r, field }))}
            <FormulaInput
              id={`${id}-c${i}`}
              label={t('formula.computedFormula', { n })}
              text={r.formula.text}
              error={r.formula.error}
              names={names}
              style={style}
              onChange={(text) => set({ ...r, formula: cell(text) })}
            />
            <Button onClick={() => commit({ ...rows, computed: rows.computed.filter((_, j) => j !== i) })}>
              {t('formula.remove')}
            </Button>
            {jsonNote(r.formula)}
            {rowProblems(`computed.${i}`)}
          </div>
        );
      })}
      <div>
        <Button
          onClick={() => setRows({ ...rows, computed: [...rows.computed, { field: '', formula: cell('') }] })}
        >
          {t('formula.addComputed')}
        </Button>
      </div>

      <h4 className={styles.section}>{t('formula.rules')}</h4>
      {rows.rules.map((r, i) => {
        const n = sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa');
        return (
          <div key={i} className={styles.row}>
            <RuleRowEditor
              id={`${id}-r${i}`}
              n={n}
              row={r}
              names={names}
              style={style}
              labelOf={fieldLabel}
              onChange={(row) => commit({ ...rows, rules: rows.rules.map((x, j) => (j === i ? row : x)) })}
              onRemove={() => commit({ ...rows, rules: rows.rules.filter((_, j) => j !== i) })}
              problemsOf={(part) => rowProblems(part ? `rules.${i}.${part}` : `rules.${i}`)}
              jsonNote={jsonNote}
            />
          </div>
        );
      })}
      <div>
        <Button
          onClick={() =>
            setRows({
              ...rows,
              rules: [
                ...rows.rules,
                { rule: { id: '', message: { fa: '' } }, formula: cell(''), params: [] },
              ],
            })
          }
        >
          {t('formula.addRule')}
        </Button>
      </div>

      <h4 className={styles.section}>{t('formula.conditions')}</h4>
      {rows.conditions.map((r, i) => {
        const n = sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa');
        const set = (row: typeof r) =>
          commit({ ...rows, conditions: rows.conditions.map((x, j) => (j === i ? row : x)) });
        const builder = builders.get(i);
        const simple = builderModel(r.formula.error ? undefined : r.formula.expr);
        return (
          <div key={i} className={styles.row}>
            {fieldSelect(t('formula.conditionField', { n }), r.field, (field) => set({ ...r, field }))}
            <Field label={t('formula.conditionState', { n })} className={styles.narrow}>
              <Select value={r.state} onChange={(_, d) => set({ ...r, state: d.value as ConditionState })}>
                {CONDITION_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`formula.state.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <FormulaInput
              id={`${id}-k${i}`}
              label={t('formula.conditionFormula', { n })}
              text={r.formula.text}
              error={r.formula.error}
              names={names}
              style={style}
              onChange={(text) => {
                setBuilder(i, undefined);
                set({ ...r, formula: cell(text) });
              }}
            />
            <Button
              aria-expanded={builder !== undefined}
              disabled={!builder && !simple}
              title={!builder && !simple ? t('formula.builder.notSimple') : undefined}
              onClick={() => setBuilder(i, builder ? undefined : simple)}
            >
              {builder ? t('formula.builder.close') : t('formula.builder.open')}
            </Button>
            <Button
              onClick={() => {
                setBuilders(new Map());
                commit({ ...rows, conditions: rows.conditions.filter((_, j) => j !== i) });
              }}
            >
              {t('formula.remove')}
            </Button>
            {builder && (
              <div className={styles.below}>
                <ConditionBuilder
                  id={`${id}-b${i}`}
                  label={t('formula.builder.title', { n })}
                  model={builder}
                  fields={fieldOptions}
                  labelOf={fieldLabel}
                  onChange={(model) => {
                    setBuilder(i, model);
                    const expr = builderExpr(model);
                    if (expr !== undefined)
                      set({
                        ...r,
                        formula: { text: printFormula(expr, { names, style }), expr, json: false },
                      });
                  }}
                />
              </div>
            )}
            {jsonNote(r.formula)}
            {rowProblems(`conditions.${i}`)}
          </div>
        );
      })}
      <div>
        <Button
          onClick={() =>
            setRows({
              ...rows,
              conditions: [...rows.conditions, { field: '', state: 'visible', formula: cell('') }],
            })
          }
        >
          {t('formula.addCondition')}
        </Button>
      </div>

      {props.defaults && (
        <>
          <h4 className={styles.section}>{t('formulaMore.defaults')}</h4>
          <div className={styles.hint}>{t('formulaMore.defaultsHint')}</div>
          {rows.defaults.map((r, i) => {
            const n = sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa');
            const set = (row: typeof r) =>
              commit({ ...rows, defaults: rows.defaults.map((x, j) => (j === i ? row : x)) });
            return (
              <div key={i} className={styles.row}>
                {fieldSelect(t('formulaMore.defaultField', { n }), r.field, (field) => set({ ...r, field }))}
                <FormulaInput
                  id={`${id}-d${i}`}
                  label={t('formulaMore.defaultFormula', { n })}
                  text={r.formula.text}
                  error={r.formula.error}
                  names={names}
                  style={style}
                  onChange={(text) => set({ ...r, formula: cell(text) })}
                />
                <Button
                  onClick={() => commit({ ...rows, defaults: rows.defaults.filter((_, j) => j !== i) })}
                >
                  {t('formula.remove')}
                </Button>
                {jsonNote(r.formula)}
                {rowProblems(`defaults.${i}`)}
              </div>
            );
          })}
          <div>
            <Button
              onClick={() =>
                setRows({ ...rows, defaults: [...rows.defaults, { field: '', formula: cell('') }] })
              }
            >
              {t('formulaMore.addDefault')}
            </Button>
          </div>
        </>
      )}

      {showJson && (
        <Field label={t('formula.json')}>
          <Textarea
            readOnly
            className={styles.json}
            textarea={{ className: styles.json, spellCheck: false }}
            value={rulesToText(value)}
            resize="vertical"
          />
        </Field>
      )}
    </fieldset>
  );
}
