/**
 * One automation in the designer's automations tab: its name, the event (a field or a date picked
 * by label, days before or after), the condition as a formula in words with the visual builder,
 * the phase with what each means, its actions (ActionEditor.tsx), and its problems in Persian
 * under it: the draft's own, the shared publish checks' and the server's last refusal.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  SpinButton,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationChoices } from '../../runtime/shared/automationCheck';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import {
  printFormula,
  type FormulaField,
  type NameStyle,
  type NameTable,
} from '../../runtime/shared/formula';
import { ActionEditor } from './ActionEditor';
import {
  ACTION_KINDS,
  EVENT_KINDS,
  newAction,
  typed,
  withEvent,
  type ActionKind,
  type AutomationDraft,
  type EventKind,
} from './automationDraft';
import { eventFields } from './automationFields';
import { ConditionBuilder } from './ConditionBuilder';
import { builderExpr, builderModel, type BuilderModel } from './conditionRows';
import type { EntityChoice } from './context';
import { FormulaInput } from './FormulaInput';

export interface AutomationCardProps {
  id: string;
  draft: AutomationDraft;
  definition: EntityDefinition;
  lang: Lang;
  names: NameTable;
  style: NameStyle;
  choices: AutomationChoices | null;
  entities: EntityChoice[];
  targetOf: (key: string) => EntityDefinition | undefined;
  /** Problems of the automation itself and of each action (texts in the analyst's language). */
  problems: string[];
  actionProblems: (action: number) => string[];
  onChange: (draft: AutomationDraft) => void;
  onRemove: () => void;
}

const useStyles = makeStyles({
  card: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: '4px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end', minWidth: 0 },
  pick: { minWidth: '180px', flexGrow: 1, maxWidth: '100%' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  section: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  problem: { color: tokens.colorPaletteRedForeground1 },
  radio: { display: 'flex', flexDirection: 'column' },
});

export function AutomationCard(props: AutomationCardProps) {
  const { id, draft, definition, lang, names, style, onChange } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [builder, setBuilder] = useState<BuilderModel | undefined>();
  const [adding, setAdding] = useState<ActionKind>('notify');
  const simple = builderModel(draft.when.error ? undefined : draft.when.expr);
  const labelOf = (f: FormulaField) => (style === 'key' ? f.key : (f[lang] ?? f.fa ?? f.key));
  const title = t('automationDesigner.automationNamed', { name: draft.name });
  const dated = draft.event === 'dateReached';

  return (
    <fieldset className={styles.card} aria-label={title} data-automation={draft.name}>
      <legend className={styles.legend}>{title}</legend>
      <div className={styles.row}>
        <Field
          label={t('automationDesigner.name')}
          hint={t('automationDesigner.nameHint')}
          className={styles.pick}
        >
          <Input
            dir="ltr"
            value={draft.name}
            onChange={(_, d) => onChange({ ...draft, name: d.value.trim() })}
          />
        </Field>
        <Button onClick={props.onRemove}>{t('automationDesigner.remove', { name: draft.name })}</Button>
      </div>
      <div className={styles.row}>
        <Field label={t('automationDesigner.event')} className={styles.pick}>
          <Select value={draft.event} onChange={(_, d) => onChange(withEvent(draft, d.value as EventKind))}>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`automationDesigner.events.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        {(draft.event === 'changed' || dated) && (
          <Field
            label={t(dated ? 'automationDesigner.dateField' : 'automationDesigner.changedField')}
            className={styles.pick}
          >
            <Select value={draft.field} onChange={(_, d) => onChange({ ...draft, field: d.value })}>
              <option value="" />
              {eventFields(definition, dated ? 'dateReached' : 'changed', lang).map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {dated && (
          <Field label={t('automationDesigner.offsetDays')} className={styles.pick}>
            <SpinButton
              value={draft.offsetDays ?? 0}
              min={-3650}
              max={3650}
              onChange={(_, d) => {
                const v = d.value ?? Number(d.displayValue);
                if (!Number.isFinite(v)) return;
                const next: AutomationDraft = { ...draft, offsetDays: Math.trunc(v as number) };
                if (next.offsetDays === 0) delete next.offsetDays;
                onChange(next);
              }}
            />
          </Field>
        )}
      </div>
      <div className={styles.row}>
        <FormulaInput
          id={`${id}-when`}
          label={t('automationDesigner.when')}
          text={draft.when.text}
          error={draft.when.error}
          names={names}
          style={style}
          onChange={(text) => {
            setBuilder(undefined);
            onChange({ ...draft, when: typed(text, names) });
          }}
        />
        <Button
          aria-expanded={builder !== undefined}
          disabled={!builder && !simple}
          title={!builder && !simple ? t('formula.builder.notSimple') : undefined}
          onClick={() => setBuilder(builder ? undefined : simple)}
        >
          {builder ? t('formula.builder.close') : t('formula.builder.open')}
        </Button>
      </div>
      {builder && (
        <ConditionBuilder
          id={`${id}-builder`}
          label={t('automationDesigner.builder')}
          model={builder}
          fields={names.fields}
          labelOf={labelOf}
          onChange={(model) => {
            setBuilder(model);
            const expr = builderExpr(model);
            if (expr !== undefined)
              onChange({ ...draft, when: { text: printFormula(expr, { names, style }), expr, json: false } });
          }}
        />
      )}
      {dated ? (
        <div className={styles.hint}>{t('automationDesigner.datePhase')}</div>
      ) : (
        <Field label={t('automationDesigner.phase')}>
          <RadioGroup
            value={draft.phase ?? 'afterCommit'}
            onChange={(_, d) =>
              onChange({ ...draft, phase: d.value === 'inTransaction' ? 'inTransaction' : 'afterCommit' })
            }
          >
            {(['afterCommit', 'inTransaction'] as const).map((p) => (
              <Radio
                key={p}
                value={p}
                label={
                  <span className={styles.radio}>
                    <span>{t(`automationDesigner.phases.${p}`)}</span>
                    <span className={styles.hint}>{t(`automationDesigner.phaseHints.${p}`)}</span>
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </Field>
      )}
      <h4 className={styles.section}>{t('automationDesigner.actions')}</h4>
      {draft.actions.map((a, j) => (
        <ActionEditor
          key={j}
          id={`${id}-a${j}`}
          index={j}
          action={a}
          definition={definition}
          lang={lang}
          names={names}
          style={style}
          choices={props.choices}
          entities={props.entities}
          target={a.kind === 'createDocument' && a.entity ? props.targetOf(a.entity) : undefined}
          problems={props.actionProblems(j)}
          onChange={(next) =>
            onChange({ ...draft, actions: draft.actions.map((x, k) => (k === j ? next : x)) })
          }
          onRemove={() => onChange({ ...draft, actions: draft.actions.filter((_, k) => k !== j) })}
        />
      ))}
      <div className={styles.row}>
        <Field label={t('automationDesigner.actionToAdd')} className={styles.pick}>
          <Select value={adding} onChange={(_, d) => setAdding(d.value as ActionKind)}>
            {ACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`automationDesigner.actionKind.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={() => onChange({ ...draft, actions: [...draft.actions, newAction(adding)] })}>
          {t('automationDesigner.addAction')}
        </Button>
      </div>
      {props.problems.length > 0 && (
        <div role="alert" className={styles.problem}>
          {props.problems.join(' ')}
        </div>
      )}
    </fieldset>
  );
}
