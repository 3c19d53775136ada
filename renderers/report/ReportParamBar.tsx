/**
 * A report's parameter bar, generated from its `params`: a date range as two Jalali dates (the
 * form's date widget, with its calendar), a date, a lookup (the form's lookup widget and search),
 * an enum as a select, a boolean as a switch. Labels in the user's language with its digits; on a
 * phone a date range and a lookup (whose text is a code and a name) take a line of their own, and
 * short ones (a date, a select, a switch) two to a line, so the report itself is soon in view.
 */
import { Field, makeStyles, mergeClasses, Select, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityClient } from '../../runtime/entity/types';
import { localText, type Lang, type LookupSpec } from '../../runtime/shared/definition';
import type { ReportParam } from '../../runtime/shared/reportDefinition';
import { PHONE_QUERY } from '../../runtime/ui/viewport';
import { localDigits } from '../format';
import { JalaliDateWidget } from '../form/widgets/JalaliDateWidget';
import { LookupWidget } from '../form/widgets/LookupWidget';
import { paramWidgetProps } from './paramWidget';
import type { ParamValues } from './reportParams';

export interface ReportParamBarProps {
  params: readonly ReportParam[];
  values: ParamValues;
  setValue: (name: string, value: unknown) => void;
  lang: Lang;
  /** Targets of the lookup parameters, by parameter name (absent while loading). */
  lookups: Record<string, LookupSpec>;
  clientFor?: (entityKey: string) => EntityClient;
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
}

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '8px 16px',
    minWidth: 0,
    [`@media ${PHONE_QUERY}`]: { alignItems: 'stretch', gap: '8px' },
    // the controls take their box's width, never their own (Fluent's combobox asks 250 px, an input its size)
    '& .fui-Input, & .fui-Combobox, & .fui-Select': { width: '100%', minWidth: 0, maxWidth: '100%' },
    '& input': { minWidth: 0 },
  },
  field: {
    flex: '1 1 200px',
    maxWidth: '320px',
    minWidth: 0,
    // two to a line: each half the width less the gap
    [`@media ${PHONE_QUERY}`]: { flex: '1 1 calc(50% - 8px)', maxWidth: 'none' },
  },
  wide: { [`@media ${PHONE_QUERY}`]: { flex: '1 1 100%' } },
  range: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    flex: '2 1 340px',
    maxWidth: '480px',
    minWidth: 0,
    border: 'none',
    margin: 0,
    padding: 0,
    [`@media ${PHONE_QUERY}`]: { flex: '1 1 100%', maxWidth: 'none' },
  },
  sides: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px' },
  side: { flex: '1 1 140px', minWidth: 0 },
  legend: { padding: 0, fontWeight: 600 },
});

type Value = ParamValues[string];

function rangeOf(value: Value): { from?: unknown; to?: unknown } {
  return typeof value === 'object' && value !== null ? (value as { from?: unknown; to?: unknown }) : {};
}

export function ReportParamBar(props: ReportParamBarProps) {
  const { params, values, setValue, lang, lookups, clientFor, idPrefix } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const labelOf = (p: ReportParam) => localDigits(localText(p.label, lang), lang);
  const idOf = (p: ReportParam, part = '') => `${idPrefix}-${p.name}${part}`;

  const control = (p: ReportParam) => {
    const label = labelOf(p);
    const value = values[p.name];
    const common = { name: p.name, lang, required: p.required, clientFor };
    switch (p.kind) {
      case 'dateRange': {
        const range = rangeOf(value);
        const side = (part: 'from' | 'to') => {
          const id = idOf(p, `-${part}`);
          return (
            <Field
              key={part}
              className={styles.side}
              label={{ children: t(`reportScreen.${part}`), htmlFor: id }}
              required={p.required}
            >
              <JalaliDateWidget
                {...paramWidgetProps({
                  ...common,
                  id,
                  label: `${label} ${t(`reportScreen.${part}`)}`,
                  value: range[part],
                  onChange: (v) => setValue(p.name, { ...rangeOf(values[p.name]), [part]: v }),
                })}
              />
            </Field>
          );
        };
        return (
          <fieldset key={p.name} className={styles.range} data-param={p.name}>
            <legend className={styles.legend}>{label}</legend>
            <div className={styles.sides}>{[side('from'), side('to')]}</div>
          </fieldset>
        );
      }
      case 'date':
        return (
          <Field
            key={p.name}
            className={styles.field}
            label={{ children: label, htmlFor: idOf(p) }}
            required={p.required}
            data-param={p.name}
          >
            <JalaliDateWidget
              {...paramWidgetProps({
                ...common,
                id: idOf(p),
                label,
                value,
                onChange: (v) => setValue(p.name, v),
              })}
            />
          </Field>
        );
      case 'lookup':
        return (
          <Field
            key={p.name}
            className={mergeClasses(styles.field, styles.wide)}
            label={{ children: label, htmlFor: idOf(p) }}
            required={p.required}
            data-param={p.name}
          >
            <LookupWidget
              // the widget searches once its target is known (the looked-up entity's definition)
              key={lookups[p.name] ? 'ready' : 'waiting'}
              {...paramWidgetProps({
                ...common,
                id: idOf(p),
                label,
                value,
                lookup: lookups[p.name],
                onChange: (v) => setValue(p.name, v),
              })}
            />
          </Field>
        );
      case 'enum':
        return (
          <Field
            key={p.name}
            className={styles.field}
            label={{ children: label, htmlFor: idOf(p) }}
            required={p.required}
            data-param={p.name}
          >
            <Select
              id={idOf(p)}
              value={typeof value === 'string' ? value : ''}
              onChange={(_, d) => setValue(p.name, d.value === '' ? undefined : d.value)}
            >
              {!p.required && <option value="">{t('reportScreen.any')}</option>}
              {p.required && value === undefined && <option value="">{''}</option>}
              {(p.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {localDigits(localText(o.label, lang), lang)}
                </option>
              ))}
            </Select>
          </Field>
        );
      case 'boolean':
        return (
          <Field key={p.name} className={styles.field} data-param={p.name}>
            <Switch
              id={idOf(p)}
              label={label}
              checked={value === true}
              onChange={(_, d) => setValue(p.name, d.checked)}
            />
          </Field>
        );
    }
  };

  return (
    <div className={styles.bar} role="group" aria-label={t('reportScreen.params')}>
      {params.map(control)}
    </div>
  );
}
