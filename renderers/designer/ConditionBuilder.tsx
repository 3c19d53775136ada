/**
 * The visual condition builder: rows of field / operator / value joined by and or or
 * (conditionRows.ts). Each change hands the condition back as JSON Logic; the rules editor writes
 * it into the formula input, so the builder and the formula always say the same.
 */
import { Button, Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import type { FormulaField } from '../../runtime/shared/formula';
import { BUILDER_OPS, type BuilderModel, type BuilderOp, type BuilderRow } from './conditionRows';

export interface ConditionBuilderProps {
  id: string;
  label: string;
  model: BuilderModel;
  fields: FormulaField[];
  labelOf: (f: FormulaField) => string;
  onChange: (model: BuilderModel) => void;
}

const OP_KEY: Record<BuilderOp, string> = {
  '==': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
  filled: 'filled',
  empty: 'empty',
};

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '6px', paddingBlock: '4px' },
  row: { display: 'flex', gap: '6px', flexWrap: 'wrap', alignItems: 'end' },
});

export function ConditionBuilder({ id, label, model, fields, labelOf, onChange }: ConditionBuilderProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const setRow = (i: number, row: BuilderRow) =>
    onChange({ ...model, rows: model.rows.map((r, j) => (j === i ? row : r)) });
  return (
    <div role="group" aria-label={label} className={styles.box}>
      {model.rows.length > 1 && (
        <Field label={t('formula.builder.join')}>
          <Select
            id={`${id}-join`}
            value={model.join}
            onChange={(_, d) => onChange({ ...model, join: d.value === 'or' ? 'or' : 'and' })}
          >
            <option value="and">{t('formula.builder.and')}</option>
            <option value="or">{t('formula.builder.or')}</option>
          </Select>
        </Field>
      )}
      {model.rows.map((row, i) => {
        const n = sentenceNumber(i + 1, i18n.language === 'en' ? 'en' : 'fa');
        const needsValue = row.op !== 'filled' && row.op !== 'empty';
        return (
          <div key={i} className={styles.row}>
            <Field label={t('formula.builder.field', { n })}>
              <Select value={row.field} onChange={(_, d) => setRow(i, { ...row, field: d.value })}>
                <option value="" />
                {fields.map((f) => (
                  <option key={f.key} value={f.key}>
                    {labelOf(f)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('formula.builder.op', { n })}>
              <Select value={row.op} onChange={(_, d) => setRow(i, { ...row, op: d.value as BuilderOp })}>
                {BUILDER_OPS.map((op) => (
                  <option key={op} value={op}>
                    {t(`formula.builder.ops.${OP_KEY[op]}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {needsValue && (
              <Field label={t('formula.builder.value', { n })}>
                <Input value={row.value} onChange={(_, d) => setRow(i, { ...row, value: d.value })} />
              </Field>
            )}
            <Button onClick={() => onChange({ ...model, rows: model.rows.filter((_, j) => j !== i) })}>
              {t('formula.builder.remove', { n })}
            </Button>
          </div>
        );
      })}
      <Button
        onClick={() => onChange({ ...model, rows: [...model.rows, { field: '', op: '==', value: '' }] })}
      >
        {t('formula.builder.add')}
      </Button>
    </div>
  );
}
