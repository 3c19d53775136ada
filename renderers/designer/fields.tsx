/**
 * Custom RJSF fields of the designer form, chosen by name from its uiSchema (designerUi.ts):
 * the entity's fields table, child tables, rules (formulas), list columns, menu placement, and a
 * field that shows nothing (parts edited elsewhere).
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Select,
  SpinButton,
  tokens,
} from '@fluentui/react-components';
import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, type ChildDefinition, type EntityDefinition } from '../../runtime/shared/definition';
import { namesOf } from '../../runtime/shared/formula';
import type { RuleSet } from '../../runtime/shared/rules';
import { fieldLabel } from '../../runtime/shared/fieldKinds/fields';
import { designerContext, type DesignerContext } from './context';
import { applyRows, newRow, rowsOf } from './fieldRows';
import { ColumnsPicker } from './ColumnsPicker';
import { columnChoices, withRows } from './draft';
import { FieldsTable } from './FieldsTable';
import { RulesEditor } from './RulesEditor';

const useStyles = makeStyles({
  child: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    marginBlockEnd: '8px',
  },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'end' },
});

/** A stable problem reporter for one part of the form. */
function useProblem(ctx: DesignerContext, id: string) {
  const { onProblem } = ctx;
  return useCallback((problem: boolean) => onProblem(id, problem), [onProblem, id]);
}

/** `schema`: the entity's fields table (edits schema and fields meta together). */
function EntityFieldsField(props: FieldProps) {
  const { t } = useTranslation();
  const ctx = designerContext(props);
  const onProblem = useProblem(ctx, props.fieldPathId.$id);
  return (
    <FieldsTable
      caption={t('designer.fields')}
      rows={rowsOf(ctx.definition)}
      entities={ctx.entities}
      displayFieldOf={ctx.displayFieldOf}
      onChange={(rows) => ctx.setDefinition(withRows(ctx.definition, rows))}
      onProblem={onProblem}
    />
  );
}

/** `rules`: formulas over the entity's fields and child tables, and its default values. */
function RulesField(props: FieldProps<RuleSet | undefined>) {
  const { t } = useTranslation();
  const ctx = designerContext(props);
  return (
    <RulesEditor
      id={props.fieldPathId.$id}
      label={t('designer.rulesLabel')}
      value={props.formData}
      names={namesOf(ctx.definition)}
      lang={ctx.lang}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      onProblem={ctx.onProblem}
      defaults
    />
  );
}

/** `list.columns`: which fields the grid shows, in order. */
function ColumnsField(props: FieldProps<string[]>) {
  const { t } = useTranslation();
  const ctx = designerContext(props);
  return (
    <ColumnsPicker
      label={t('designer.columns')}
      choices={columnChoices(ctx.definition)}
      labelOf={(n) => ctx.definition.fields[n]?.label[ctx.lang] ?? ctx.definition.fields[n]?.label.fa ?? n}
      value={props.formData ?? []}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
    />
  );
}

/** `displayField`: the field that names a row, chosen by its label (the key is what is stored). */
function DisplayFieldField(props: FieldProps<string>) {
  const { t } = useTranslation();
  const ctx = designerContext(props);
  const names = Object.keys(ctx.definition.schema.properties);
  const value = props.formData ?? '';
  return (
    <Field label={t('designer.form.displayField')} required>
      <Select
        id={props.fieldPathId.$id}
        value={value}
        onChange={(_, d) => props.onChange(d.value, props.fieldPathId.path)}
      >
        {!names.includes(value) && <option value={value}>{value}</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {fieldLabel(ctx.definition, n, ctx.lang) || n}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** `menu`: shown in the menu or not, and its order there. */
function MenuField(props: FieldProps<EntityDefinition['menu']>) {
  const { t } = useTranslation();
  const menu = props.formData;
  const styles = useStyles();
  const change = (v: EntityDefinition['menu']) => props.onChange(v, props.fieldPathId.path);
  return (
    <div className={styles.row}>
      <Checkbox
        label={t('designer.inMenu')}
        checked={menu !== undefined}
        onChange={(_, d) => change(d.checked ? { order: 100 } : undefined)}
      />
      {menu && (
        <Field label={t('designer.menuOrder')}>
          <SpinButton
            value={menu.order ?? 100}
            min={0}
            onChange={(_, d) => {
              const n = d.value ?? Number(d.displayValue);
              if (Number.isFinite(n)) change({ ...menu, order: Math.trunc(n as number) });
            }}
          />
        </Field>
      )}
    </div>
  );
}

/** `children`: child tables, each with its name, labels, fields table and line rules. */
function ChildrenField(props: FieldProps<Record<string, ChildDefinition> | undefined>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const ctx = designerContext(props);
  const children = Object.entries(props.formData ?? {});
  const change = (entries: [string, ChildDefinition][]) =>
    props.onChange(entries.length ? Object.fromEntries(entries) : undefined, props.fieldPathId.path);
  const set = (i: number, name: string, child: ChildDefinition) =>
    change(children.map((e, j) => (j === i ? [name, child] : e)));
  const add = () => {
    let n = children.length + 1;
    while (props.formData?.[`lines${n}`]) n++;
    const row = { ...newRow([]), name: 'title', labelFa: t('designer.newFieldLabel') };
    const child = applyRows<ChildDefinition>(
      {
        label: { fa: t('designer.newChildLabel') },
        schema: { type: 'object', additionalProperties: false, properties: {} },
        fields: {},
      },
      [row],
    );
    change([...children, [`lines${n}`, child]]);
  };
  return (
    <fieldset>
      <legend>{t('designer.children')}</legend>
      {children.map(([name, child], i) => (
        <div key={i} className={styles.child}>
          <div className={styles.row}>
            <Field label={t('designer.childName')}>
              <Input dir="ltr" value={name} onChange={(_, d) => set(i, d.value.trim(), child)} />
            </Field>
            <Field label={t('designer.col.labelFa')}>
              <Input
                value={child.label.fa}
                onChange={(_, d) => set(i, name, { ...child, label: { ...child.label, fa: d.value } })}
              />
            </Field>
            <Field label={t('designer.col.labelEn')}>
              <Input
                dir="ltr"
                value={child.label.en ?? ''}
                onChange={(_, d) => set(i, name, { ...child, label: { ...child.label, en: d.value } })}
              />
            </Field>
            <Button onClick={() => change(children.filter((_, j) => j !== i))}>
              {t('designer.removeChild')}
            </Button>
          </div>
          <FieldsTable
            caption={t('designer.childFields', { name: localText(child.label, ctx.lang) || name })}
            rows={rowsOf(child)}
            entities={ctx.entities}
            displayFieldOf={ctx.displayFieldOf}
            onChange={(rows) => set(i, name, applyRows(child, rows))}
            onProblem={(p) => ctx.onProblem(`${props.fieldPathId.$id}_${i}_fields`, p)}
          />
          <RulesEditor
            id={`${props.fieldPathId.$id}_${i}_rules`}
            label={t('designer.childRules')}
            value={child.rules}
            names={namesOf(child)}
            lang={ctx.lang}
            onChange={(rules) => {
              const next = { ...child };
              if (rules) next.rules = rules;
              else delete next.rules;
              set(i, name, next);
            }}
            onProblem={ctx.onProblem}
          />
        </div>
      ))}
      <Button onClick={add}>{t('designer.addChild')}</Button>
    </fieldset>
  );
}

function Nothing() {
  return null;
}

export const designerFields: RegistryFieldsType = {
  designerEntityFields: EntityFieldsField,
  designerRules: RulesField,
  designerColumns: ColumnsField,
  designerMenu: MenuField,
  designerDisplayField: DisplayFieldField,
  designerChildren: ChildrenField,
  designerNothing: Nothing,
};
