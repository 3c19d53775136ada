/**
 * /security/permissions: per role, a matrix of entities × view/create/edit/delete/export/print
 * (checkboxes, with a column header checkbox for all), and per entity its fields hidden or
 * read-only. Save sends the entities that changed (Security/Permission/Save).
 */
import {
  Button,
  Checkbox,
  Field,
  makeStyles,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from '@fluentui/react-components';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITY_ACTIONS } from '../../../runtime/shared/definition';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type EntityPermission, type RoleEntry } from './api';
import { FieldModes } from './FieldModes';
import { changedEntities, setAction, setColumn, setFieldMode } from './matrix';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '12px', alignItems: 'end', marginBlock: '12px' },
  wrap: { overflowX: 'auto' },
});

export function PermissionsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [roles, setRoles] = useState<RoleEntry[] | null>(null);
  const [role, setRole] = useState('');
  const [state, setState] = useState<{
    of: string;
    loaded: EntityPermission[];
    entities: EntityPermission[];
  } | null>(null);
  const current = state?.of === role ? state : null;
  const loaded = current?.loaded ?? [];
  const entities = current?.entities ?? null;
  const setEntities = (next: EntityPermission[]) => setState({ of: role, loaded, entities: next });
  const [open, setOpen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    securityApi.roles().then(
      (list) => {
        setRoles(list);
        setRole((r) => r || list[0]?.role || '');
      },
      () => setRoles([]),
    );
  }, []);

  useEffect(() => {
    if (!role) return;
    let live = true;
    securityApi.permissions(role).then(
      (p) => {
        if (!live) return;
        setState({ of: role, loaded: p.entities, entities: p.entities });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [role]);

  const changed = entities ? changedEntities(loaded, entities) : [];
  const save = async () => {
    if (!entities) return;
    setSaving(true);
    try {
      await securityApi.savePermissions(
        role,
        changed.map(({ key, permissions, fields }) => ({ key, permissions, fields })),
      );
      setState({ of: role, loaded: entities, entities });
      toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
    } finally {
      setSaving(false);
    }
  };

  if (!roles) return <Spinner label={t('app.loading')} />;
  return (
    <section>
      <Title3 as="h1">{t('security.permissions.title')}</Title3>
      <div className={styles.bar}>
        <Field label={t('security.role')}>
          <Select value={role} onChange={(_, d) => setRole(d.value)}>
            {roles.map((r) => (
              <option key={r.role} value={r.role}>
                {r.role}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" disabled={!changed.length || saving} onClick={() => void save()}>
          {t('form.save')}
        </Button>
      </div>
      {!entities ? (
        <Spinner size="small" />
      ) : (
        <div className={styles.wrap}>
          <Table aria-label={t('security.permissions.matrix', { role })} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('security.entity')}</TableHeaderCell>
                {ENTITY_ACTIONS.map((a) => (
                  <TableHeaderCell key={a}>
                    <Checkbox
                      label={t(`security.actions.${a}`)}
                      checked={
                        entities.every((e) => e.permissions[a])
                          ? true
                          : entities.some((e) => e.permissions[a])
                            ? 'mixed'
                            : false
                      }
                      onChange={(_, d) => setEntities(setColumn(entities, a, d.checked === true))}
                    />
                  </TableHeaderCell>
                ))}
                <TableHeaderCell>{t('security.permissions.fields')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entities.map((e) => (
                <Fragment key={e.key}>
                  <TableRow data-entity={e.key}>
                    <TableCell>{e.title}</TableCell>
                    {ENTITY_ACTIONS.map((a) => (
                      <TableCell key={a}>
                        <Checkbox
                          aria-label={`${e.title} — ${t(`security.actions.${a}`)}`}
                          checked={e.permissions[a]}
                          onChange={(_, d) => setEntities(setAction(entities, e.key, a, d.checked === true))}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Button
                        size="small"
                        aria-expanded={open === e.key}
                        onClick={() => setOpen(open === e.key ? null : e.key)}
                      >
                        {t('security.permissions.fieldsCount', { count: Object.keys(e.fields).length })}
                      </Button>
                    </TableCell>
                  </TableRow>
                  {open === e.key && (
                    <TableRow>
                      <TableCell colSpan={ENTITY_ACTIONS.length + 2}>
                        <FieldModes
                          entity={e}
                          onChange={(field, mode) => setEntities(setFieldMode(entities, e.key, field, mode))}
                        />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
