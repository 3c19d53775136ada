/**
 * The row rules of the role being edited on one entity (docs/security.md «Roles and row rules»):
 * a list of rules, any of which lets a row through — «rows the user created» or «this field equals
 * this attribute of the user» (e.g. the branch field and the user's `branch`). No rule: every row
 * the role may view. Saved on its own (Security/RowRule/Save), the matrix's save does not send it.
 */
import { Button, Field, Input, makeStyles, Select, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitEntityKey } from '../../../renderers/form/lookup';
import { useLoad } from '../../../renderers/hooks/useLoad';
import { loadDefinition } from '../../../runtime/meta/loaders';
import { getLang } from '../../../runtime/lang';
import { localText } from '../../../runtime/shared/definition';
import { ruleFields, USER_FIELDS, type RowRule } from '../../../runtime/shared/rowRules';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type EntityPermission } from './api';

export interface RowRulesEditorProps {
  role: string;
  entity: EntityPermission;
  rules: RowRule[];
  /** Attribute names users have (Security/RowRule/Get), offered as the attribute's choices. */
  attributes: string[];
  onSaved: (rules: RowRule[]) => void;
}

const useStyles = makeStyles({
  // within the visible width, though the matrix row it opens under scrolls wider (a phone)
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    paddingBlock: '8px',
    maxWidth: 'calc(100vw - 48px)',
  },
  rule: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  actions: { display: 'flex', gap: '8px' },
});

export function RowRulesEditor({ role, entity, rules, attributes, onSaved }: RowRulesEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = getLang();
  const [draft, setDraft] = useState<RowRule[]>(rules);
  const [saving, setSaving] = useState(false);
  const fields = useLoad(() => {
    const { module, name } = splitEntityKey(entity.key);
    return loadDefinition(module, name).then((d) =>
      ruleFields(d).map((f): [string, string] => [f, localText(d.fields[f]?.label, lang) || f]),
    );
  }, [entity.key, lang]).data;
  if (!fields) return <Spinner size="tiny" />;
  const listId = `row-rule-attributes-${entity.key}`;
  const set = (i: number, rule: RowRule) => setDraft((d) => d.map((r, j) => (j === i ? rule : r)));
  const save = async () => {
    setSaving(true);
    try {
      const saved = await securityApi.saveRowRules(role, entity.key, draft);
      onSaved(saved.rules);
      setDraft(saved.rules);
      toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={styles.box} data-row-rules={entity.key}>
      <Text weight="semibold">{t('rowRules.title', { entity: entity.title })}</Text>
      <Text size={200}>{t(draft.length ? 'rowRules.anyOf' : 'rowRules.none')}</Text>
      <datalist id={listId}>
        {[...USER_FIELDS, ...attributes].map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      {draft.map((rule, i) => (
        <div key={i} className={styles.rule}>
          <Field label={t('rowRules.kind')}>
            <Select
              value={rule.kind}
              onChange={(_, d) =>
                set(
                  i,
                  d.value === 'own'
                    ? { kind: 'own' }
                    : { kind: 'userAttribute', field: fields[0]?.[0] ?? '', attribute: '' },
                )
              }
            >
              <option value="own">{t('rowRules.kinds.own')}</option>
              <option value="userAttribute" disabled={fields.length === 0}>
                {t('rowRules.kinds.userAttribute')}
              </option>
            </Select>
          </Field>
          {rule.kind === 'userAttribute' && (
            <>
              <Field label={t('rowRules.field')}>
                <Select value={rule.field} onChange={(_, d) => set(i, { ...rule, field: d.value })}>
                  {fields.map(([name, label]) => (
                    <option key={name} value={name}>
                      {label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('rowRules.attribute')}>
                <Input
                  dir="ltr"
                  list={listId}
                  value={rule.attribute}
                  onChange={(_, d) => set(i, { ...rule, attribute: d.value.trim() })}
                />
              </Field>
            </>
          )}
          <Button onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}>{t('rowRules.remove')}</Button>
        </div>
      ))}
      <div className={styles.actions}>
        <Button onClick={() => setDraft((d) => [...d, { kind: 'own' }])}>{t('rowRules.add')}</Button>
        <Button
          appearance="primary"
          disabled={saving || JSON.stringify(draft) === JSON.stringify(rules)}
          onClick={() => void save()}
        >
          {t('rowRules.save')}
        </Button>
      </div>
    </div>
  );
}
