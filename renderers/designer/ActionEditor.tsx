/**
 * One action of an automation in the designer's automations tab: set a field (picked by label) to a
 * formula, make a document (an entity by title, then target field → formula), notify a role or a
 * user (picked by label/name; the text with `{field}` placeholders shown by label), or call a
 * webhook endpoint by its name (the analyst never sees its URL or secret).
 */
import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sentenceNumber } from '../../runtime/shared/fieldKinds/numberText';
import type { AutomationChoices } from '../../runtime/shared/automationCheck';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { NameStyle, NameTable } from '../../runtime/shared/formula';
import type { EntityChoice } from './context';
import {
  insertPlaceholder,
  textWithKeys,
  textWithLabels,
  typed,
  type ActionDraft,
  type PlaceholderField,
} from './automationDraft';
import { placeholderFields, templateFields, writableFields } from './automationFields';
import { FormulaInput } from './FormulaInput';
import type { FormulaCell } from './ruleRows';

export interface ActionEditorProps {
  id: string;
  /** The action's place (0-based). */
  index: number;
  action: ActionDraft;
  definition: EntityDefinition;
  lang: Lang;
  names: NameTable;
  style: NameStyle;
  choices: AutomationChoices | null;
  entities: EntityChoice[];
  /** The definition of the entity a createDocument makes, once loaded. */
  target: EntityDefinition | undefined;
  problems: string[];
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
}

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke3}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    alignItems: 'end',
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: '4px' },
  pick: { minWidth: '180px', flexGrow: 1, maxWidth: '100%' },
  text: { flexBasis: '100%', minWidth: 0 },
  full: { flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end', minWidth: 0 },
  hint: { flexBasis: '100%', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  problem: { flexBasis: '100%', color: tokens.colorPaletteRedForeground1, order: 3 },
});

/** A select of choices by label; a stored value not among them is still shown (as its key). */
function Pick({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: { key: string; label: string }[];
  onChange: (key: string) => void;
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      <Select value={value} onChange={(_, d) => onChange(d.value)}>
        <option value="" />
        {value && !options.some((o) => o.key === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function ActionEditor(props: ActionEditorProps) {
  const { id, index, action, definition, lang, names, style, choices, entities, target, onChange } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const n = sentenceNumber(index + 1, i18n.language === 'en' ? 'en' : 'fa');
  const formula = (key: string, label: string, cell: FormulaCell, set: (text: string) => void) => (
    <FormulaInput
      key={key}
      id={`${id}-${key}`}
      label={label}
      text={cell.text}
      error={cell.error}
      names={names}
      style={style}
      onChange={set}
    />
  );

  let body: ReactNode = null;
  if (action.kind === 'setField')
    body = (
      <>
        <Pick
          className={styles.pick}
          label={t('automationDesigner.setField', { n })}
          value={action.field}
          options={writableFields(definition, lang)}
          onChange={(field) => onChange({ ...action, field })}
        />
        {formula('value', t('automationDesigner.value', { n }), action.value, (text) =>
          onChange({ ...action, value: typed(text, names) }),
        )}
      </>
    );
  else if (action.kind === 'createDocument') {
    const fields = target ? templateFields(target, lang) : [];
    body = (
      <>
        <Pick
          className={styles.pick}
          label={t('automationDesigner.entity', { n })}
          value={action.entity}
          options={entities.map((e) => ({ key: e.key, label: e.title }))}
          onChange={(entity) => onChange({ ...action, entity, template: [] })}
        />
        {action.template.map((row, r) => {
          const m = sentenceNumber(r + 1, i18n.language === 'en' ? 'en' : 'fa');
          const setRow = (next: typeof row) =>
            onChange({ ...action, template: action.template.map((x, j) => (j === r ? next : x)) });
          return (
            <div key={r} className={styles.full}>
              <Pick
                className={styles.pick}
                label={t('automationDesigner.templateField', { n: m })}
                value={row.field}
                options={fields}
                onChange={(field) => setRow({ ...row, field })}
              />
              <Button
                onClick={() => onChange({ ...action, template: action.template.filter((_, j) => j !== r) })}
              >
                {t('automationDesigner.removeTemplate', { n: m })}
              </Button>
              {formula(`t${r}`, t('automationDesigner.templateValue', { n: m }), row.value, (text) =>
                setRow({ ...row, value: typed(text, names) }),
              )}
            </div>
          );
        })}
        {action.entity && (
          <Button
            disabled={!target}
            onClick={() =>
              onChange({ ...action, template: [...action.template, { field: '', value: typed('', names) }] })
            }
          >
            {t('automationDesigner.addTemplate')}
          </Button>
        )}
      </>
    );
  } else if (action.kind === 'notify') body = <NotifyParts {...props} action={action} n={n} />;
  else
    body = (
      <>
        <Pick
          className={styles.pick}
          label={t('automationDesigner.endpoint', { n })}
          value={action.endpoint}
          options={(choices?.endpoints ?? []).map((e) => ({ key: e, label: e }))}
          onChange={(endpoint) => onChange({ ...action, endpoint })}
        />
        <div className={styles.hint}>
          {choices && !choices.endpoints.length
            ? t('automationDesigner.noEndpoints')
            : t('automationDesigner.endpointHint')}
        </div>
      </>
    );

  const title = t('automationDesigner.actionNamed', {
    n,
    kind: t(`automationDesigner.actionKind.${action.kind}`),
  });
  return (
    <fieldset className={styles.box} aria-label={title}>
      <legend className={styles.legend}>{title}</legend>
      {body}
      <Button onClick={props.onRemove}>{t('automationDesigner.removeAction', { n })}</Button>
      {props.problems.length > 0 && (
        <div role="alert" className={styles.problem}>
          {props.problems.join(' ')}
        </div>
      )}
    </fieldset>
  );
}

/** A notification: to a role or a user, its text in both languages with fields offered by label. */
function NotifyParts({
  action,
  definition,
  lang,
  choices,
  onChange,
  n,
}: ActionEditorProps & { action: Extract<ActionDraft, { kind: 'notify' }>; n: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const fields: PlaceholderField[] = placeholderFields(definition, lang);
  const roles = (choices?.roles ?? []).map((r) => ({
    key: r.key,
    label:
      (lang === 'en' ? r.label.en || r.label.fa : r.label.fa || r.label.en) ||
      t(`security.roleNames.${r.key}`, { defaultValue: r.key }),
  }));
  const users = (choices?.users ?? []).map((u) => ({ key: u.username, label: u.name }));
  const text = (which: 'fa' | 'en') => (
    <div className={styles.full}>
      <Field
        label={t(`automationDesigner.text${which === 'fa' ? 'Fa' : 'En'}`, { n })}
        className={styles.pick}
      >
        <Input
          dir={which === 'en' ? 'ltr' : 'rtl'}
          value={textWithLabels(action[which], fields)}
          onChange={(_, d) => onChange({ ...action, [which]: textWithKeys(d.value, fields) })}
        />
      </Field>
      <Field label={t(`automationDesigner.insert${which === 'fa' ? 'Fa' : 'En'}`, { n })}>
        <Select
          value=""
          onChange={(_, d) =>
            d.value && onChange({ ...action, [which]: insertPlaceholder(action[which], d.value) })
          }
        >
          <option value="" />
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
  return (
    <>
      <Field label={t('automationDesigner.to', { n })} className={styles.pick}>
        <Select
          value={action.to}
          onChange={(_, d) => onChange({ ...action, to: d.value === 'user' ? 'user' : 'role' })}
        >
          <option value="role">{t('automationDesigner.toRole')}</option>
          <option value="user">{t('automationDesigner.toUser')}</option>
        </Select>
      </Field>
      {action.to === 'role' ? (
        <Pick
          className={styles.pick}
          label={t('automationDesigner.role', { n })}
          value={action.role}
          options={roles}
          onChange={(role) => onChange({ ...action, role })}
        />
      ) : (
        <Pick
          className={styles.pick}
          label={t('automationDesigner.user', { n })}
          value={action.user}
          options={users}
          onChange={(user) => onChange({ ...action, user })}
        />
      )}
      {text('fa')}
      {text('en')}
      <div className={styles.hint}>{t('automationDesigner.textHint')}</div>
    </>
  );
}
