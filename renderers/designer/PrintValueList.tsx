/**
 * The values a print block shows (party, fields, totals) or the columns of its lines table, in
 * order: each by its label (a looked-up row's field as «کالا › کد»), its printed label (fa/en, empty:
 * the field's), ↑ ↓ and remove buttons; new ones chosen by label from a select. A computed column
 * (JSON Logic of the line) is edited as a formula (FormulaInput) with its money flag.
 */
import { Button, Checkbox, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang, LocalText } from '../../runtime/shared/definition';
import { localDigits } from '../../runtime/shared/fieldKinds/numberText';
import { formulaText, namesOf, parseFormula, type FormulaError } from '../../runtime/shared/formula';
import type { Expr } from '../../runtime/shared/rules';
import type { PrintColumn, PrintValue } from '../../runtime/shared/printFormat';
import { FormulaInput } from './FormulaInput';
import {
  choiceKey,
  moveItem,
  removeItem,
  valueChoices,
  valueLabel,
  withLabel,
  type LookupDefinitions,
  type PrintSource,
} from './printDraft';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 8px',
    padding: '4px 6px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { fontWeight: tokens.fontWeightSemibold, minWidth: '140px', flexGrow: 1 },
  label: { width: '170px', maxWidth: '100%' },
  add: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  problem: { color: tokens.colorPaletteRedForeground1, flexBasis: '100%' },
});

export interface PrintValueListProps<T extends PrintValue | PrintColumn> {
  /** The list's name («فیلدهای کادر»): its aria label and the buttons' names. */
  label: string;
  source: PrintSource;
  lookups: LookupDefinitions;
  lang: Lang;
  value: T[];
  onChange: (next: T[]) => void;
  /** Columns of a lines table: computed columns too. */
  computed?: boolean;
  /** A computed column's formula has a problem (publishing waits). */
  onProblem?: (id: string, problem: boolean) => void;
  id: string;
}

export function PrintValueList<T extends PrintValue | PrintColumn>(props: PrintValueListProps<T>) {
  const { label, source, lookups, lang, value, onChange, computed, onProblem, id } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const choices = useMemo(() => valueChoices(source, lookups, lang), [source, lookups, lang]);
  const nameOf = (v: T) => (v.field ? valueLabel(source, v, lookups, lang) : t('printDesigner.computed'));
  const set = (i: number, next: T) => onChange(value.map((v, j) => (j === i ? next : v)));
  const labelInputs = (v: T, i: number, name: string) => (
    <>
      <Input
        size="small"
        className={styles.label}
        aria-label={t('printDesigner.labelFa', { name })}
        placeholder={v.field ? nameOf(v) : t('printDesigner.labelFaHint')}
        value={v.label?.fa ?? ''}
        onChange={(_, d) => set(i, withLabel(v, { ...v.label, fa: d.value }))}
      />
      <Input
        size="small"
        dir="ltr"
        className={styles.label}
        aria-label={t('printDesigner.labelEn', { name })}
        disabled={!v.label?.fa}
        value={v.label?.en ?? ''}
        onChange={(_, d) => v.label && set(i, withLabel(v, { fa: v.label.fa, en: d.value } as LocalText))}
      />
    </>
  );
  return (
    <div role="group" aria-label={label}>
      <ul className={styles.list}>
        {value.map((v, i) => {
          const name = v.label?.fa && !v.field ? v.label.fa : nameOf(v);
          const numbered = `${name} (${localDigits(String(i + 1), lang)})`;
          return (
            <li key={`${choiceKey(v)}-${i}`} className={styles.item} data-print-value={choiceKey(v)}>
              <Text className={styles.name}>{name}</Text>
              {labelInputs(v, i, numbered)}
              {'expr' in v && v.expr !== undefined && (
                <Checkbox
                  label={t('printDesigner.money')}
                  checked={(v as PrintColumn).money === true}
                  onChange={(_, d) => {
                    const next = { ...v } as PrintColumn;
                    if (d.checked) next.money = true;
                    else delete next.money;
                    set(i, next as T);
                  }}
                />
              )}
              <Button
                size="small"
                aria-label={t('printDesigner.up', { name: numbered })}
                disabled={i === 0}
                onClick={() => onChange(moveItem(value, i, -1))}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={t('printDesigner.down', { name: numbered })}
                disabled={i === value.length - 1}
                onClick={() => onChange(moveItem(value, i, 1))}
              >
                ↓
              </Button>
              <Button
                size="small"
                aria-label={t('printDesigner.remove', { name: numbered })}
                onClick={() => onChange(removeItem(value, i))}
              >
                ✕
              </Button>
              {'expr' in v && v.expr !== undefined && (
                <ComputedInput
                  id={`${id}-${i}`}
                  label={t('printDesigner.formula', { name: numbered })}
                  expr={v.expr}
                  source={source}
                  lang={lang}
                  onChange={(expr) => set(i, { ...v, expr } as T)}
                  onProblem={onProblem}
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className={styles.add}>
        <Select
          size="small"
          aria-label={t('printDesigner.addValue', { list: label })}
          value=""
          onChange={(_, d) => {
            const choice = choices.find((c) => c.key === d.value);
            if (choice) onChange([...value, structuredClone(choice.value) as T]);
          }}
        >
          <option value="">{t('printDesigner.addValuePrompt')}</option>
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </Select>
        {computed && (
          <Button
            size="small"
            onClick={() =>
              onChange([
                ...value,
                { expr: 0, money: true, label: { fa: t('printDesigner.computed', { lng: 'fa' }) } } as T,
              ])
            }
          >
            {t('printDesigner.addComputed')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A computed column's formula over the line's fields; only a formula without problems changes it. */
function ComputedInput({
  id,
  label,
  expr,
  source,
  lang,
  onChange,
  onProblem,
}: {
  id: string;
  label: string;
  expr: Expr;
  source: PrintSource;
  lang: Lang;
  onChange: (expr: Expr) => void;
  onProblem?: (id: string, problem: boolean) => void;
}) {
  const names = useMemo(() => namesOf(source), [source]);
  const [text, setText] = useState(() => formulaText(expr, { names, style: lang }).text);
  const [error, setError] = useState<FormulaError | undefined>();
  const emitted = useRef<Expr>(expr);
  useEffect(() => () => onProblem?.(id, false), [id, onProblem]);
  // the column moved under this input (another computed column took its place): its own formula
  useEffect(() => {
    if (JSON.stringify(expr) === JSON.stringify(emitted.current)) return;
    emitted.current = expr;
    setText(formulaText(expr, { names, style: lang }).text);
    setError(undefined);
  }, [expr, names, lang]);
  return (
    <FormulaInput
      id={id}
      label={label}
      text={text}
      error={error}
      names={names}
      style={lang}
      onChange={(next) => {
        setText(next);
        const parsed = parseFormula(next, names);
        setError(parsed.ok ? undefined : parsed.error);
        onProblem?.(id, !parsed.ok);
        if (!parsed.ok) return;
        emitted.current = parsed.expr;
        onChange(parsed.expr);
      }}
    />
  );
}
