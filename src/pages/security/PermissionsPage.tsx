/**
 * /security/permissions: the roles (new, edit labels and description, delete while unused:
 * RoleDialog), and per role a matrix of entities × view/create/edit/delete/export/print
 * (checkboxes, with a column header checkbox for all), per entity its fields hidden or read-only
 * and its row rules (RowRulesEditor, saved on their own). Save sends the entities that changed
 * (Security/Permission/Save).
 */
import {
  Button,
  Checkbox,
  Field,
  makeStyles,
  Select,
  Spinner,
  Text,
  Title3,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../renderers/hooks/useLoad';
import { DataTable, type DataColumn } from '../../../renderers/table/DataTable';
import { ENTITY_ACTIONS } from '../../../runtime/shared/definition';
import { toast } from '../../../runtime/ui/toasts';
import { confirm } from '../../../runtime/ui/dialogs';
import type { RowRule } from '../../../runtime/shared/rowRules';
import { securityApi, type EntityPermission, type RoleEntry } from './api';
import { FieldModes } from './FieldModes';
import { changedEntities, setAction, setColumn, setFieldMode } from './matrix';
import { roleName } from './roleName';
import { RoleDialog } from './RoleDialog';
import { RowRulesEditor } from './RowRulesEditor';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'end', marginBlock: '12px' },
  wrap: { overflowX: 'auto' },
});

export function PermissionsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [roles, setRoles] = useState<RoleEntry[] | null>(null);
  const [role, setRole] = useState('');
  // the role's permissions as the server has them, then as edited here (`of`: the answer edited)
  const fetched = useLoad(role ? () => securityApi.permissions(role).then((p) => p.entities) : null, [
    role,
  ]).data;
  const [state, setState] = useState<{
    of: EntityPermission[];
    loaded: EntityPermission[];
    entities: EntityPermission[];
  } | null>(null);
  const current = fetched && state?.of === fetched ? state : null;
  const loaded = current?.loaded ?? fetched ?? [];
  const entities = current?.entities ?? fetched ?? null;
  const setEntities = (next: EntityPermission[]) =>
    fetched && setState({ of: fetched, loaded, entities: next });
  const [open, setOpen] = useState<string | null>(null);
  const [openRules, setOpenRules] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // the role dialog: null closed, 'new', or 'edit' (the selected role)
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null);
  const [rulesSaved, setRulesSaved] = useState<{ role: string; rules: Record<string, RowRule[]> } | null>(
    null,
  );
  const rowRules = useLoad(role ? () => securityApi.rowRules(role) : null, [role]).data;
  const rulesOf = (key: string): RowRule[] =>
    (rulesSaved?.role === role ? rulesSaved.rules[key] : undefined) ??
    (rowRules?.role === role ? rowRules.rules[key] : undefined) ??
    [];

  const loadRoles = (select?: string) =>
    securityApi.roles().then(
      (list) => {
        setRoles(list);
        setRole((r) => select ?? (list.some((x) => x.role === r) ? r : list[0]?.role || ''));
      },
      () => setRoles([]),
    );
  useEffect(() => {
    void loadRoles();
  }, []);
  const selected = roles?.find((r) => r.role === role);
  const removeRole = async () => {
    if (
      !selected ||
      !(await confirm(t('rowRules.roles.confirmDelete', { role: roleName(t, role, roles ?? []) })))
    )
      return;
    await securityApi.deleteRole(role);
    await loadRoles('');
  };

  const changed = entities ? changedEntities(loaded, entities) : [];
  const save = async () => {
    if (!entities) return;
    setSaving(true);
    try {
      await securityApi.savePermissions(
        role,
        changed.map(({ key, permissions, fields }) => ({ key, permissions, fields })),
      );
      if (fetched) setState({ of: fetched, loaded: entities, entities });
      toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
    } finally {
      setSaving(false);
    }
  };

  const columns = (list: EntityPermission[]): DataColumn<EntityPermission>[] => [
    { id: 'entity', header: t('security.entity'), cell: (e) => e.title },
    ...ENTITY_ACTIONS.map((a): DataColumn<EntityPermission> => ({
      id: a,
      header: (
        <Checkbox
          label={t(`security.actions.${a}`)}
          checked={
            list.every((e) => e.permissions[a]) ? true : list.some((e) => e.permissions[a]) ? 'mixed' : false
          }
          onChange={(_, d) => setEntities(setColumn(list, a, d.checked === true))}
        />
      ),
      cell: (e) => (
        <Checkbox
          aria-label={`${e.title} — ${t(`security.actions.${a}`)}`}
          checked={e.permissions[a]}
          onChange={(_, d) => setEntities(setAction(list, e.key, a, d.checked === true))}
        />
      ),
    })),
    {
      id: 'rows',
      header: t('rowRules.column'),
      cell: (e) =>
        role === 'admin' ? (
          t('rowRules.allRows')
        ) : (
          <Button
            size="small"
            aria-expanded={openRules === e.key}
            onClick={() => setOpenRules(openRules === e.key ? null : e.key)}
          >
            {rulesOf(e.key).length
              ? t('rowRules.count', { n: rulesOf(e.key).length })
              : t('rowRules.allRows')}
          </Button>
        ),
    },
    {
      id: 'fields',
      header: t('security.permissions.fields'),
      cell: (e) => (
        <Button
          size="small"
          aria-expanded={open === e.key}
          onClick={() => setOpen(open === e.key ? null : e.key)}
        >
          {t('security.permissions.fieldsCount', { n: Object.keys(e.fields).length })}
        </Button>
      ),
    },
  ];

  if (!roles) return <Spinner label={t('app.loading')} />;
  return (
    <section>
      <Title3 as="h1">{t('security.permissions.title')}</Title3>
      <div className={styles.bar}>
        <Field label={t('security.role')}>
          <Select value={role} onChange={(_, d) => setRole(d.value)}>
            {roles.map((r) => (
              <option key={r.role} value={r.role}>
                {roleName(t, r.role, roles)}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" disabled={!changed.length || saving} onClick={() => void save()}>
          {t('form.save')}
        </Button>
        <Button onClick={() => setDialog('new')}>{t('rowRules.roles.new')}</Button>
        <Button disabled={!selected} onClick={() => setDialog('edit')}>
          {t('rowRules.roles.edit')}
        </Button>
        <Button
          disabled={!selected || role === 'admin' || selected.users > 0}
          onClick={() => void removeRole()}
        >
          {t('rowRules.roles.delete')}
        </Button>
      </div>
      {selected && (
        <Text as="p" size={200}>
          {[t('rowRules.roles.users', { n: selected.users }), selected.description]
            .filter(Boolean)
            .join(' — ')}
        </Text>
      )}
      {dialog && (
        <RoleDialog
          role={dialog === 'edit' ? (selected ?? null) : null}
          shown={roleName(t, role, roles)}
          onClose={() => setDialog(null)}
          onSave={async (input) => {
            await securityApi.saveRole(input);
            setDialog(null);
            toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
            await loadRoles(input.role);
          }}
        />
      )}
      {!entities ? (
        <Spinner size="small" />
      ) : (
        <div className={styles.wrap}>
          <DataTable
            label={t('security.permissions.matrix', { role: roleName(t, role) })}
            columns={columns(entities)}
            rows={entities}
            rowKey={(e) => e.key}
            rowProps={(e) => ({ 'data-entity': e.key })}
            detail={(e) =>
              (open === e.key || openRules === e.key) && (
                <>
                  {openRules === e.key && (
                    <RowRulesEditor
                      key={`${role}\u0000${e.key}`}
                      role={role}
                      entity={e}
                      rules={rulesOf(e.key)}
                      attributes={rowRules?.attributes ?? []}
                      onSaved={(rules) =>
                        setRulesSaved((prev) => ({
                          role,
                          rules: { ...(prev?.role === role ? prev.rules : {}), [e.key]: rules },
                        }))
                      }
                    />
                  )}
                  {open === e.key && (
                    <FieldModes
                      entity={e}
                      onChange={(field, mode) => setEntities(setFieldMode(entities, e.key, field, mode))}
                    />
                  )}
                </>
              )
            }
          />
        </div>
      )}
    </section>
  );
}
