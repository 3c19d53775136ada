/**
 * Which entities a vendor/customer role, or one such user (`user:<id>`), reaches
 * (Security/MenuAccess). A user reaches an entity in its role's list or in its own.
 */
import { Button, Checkbox, Field, makeStyles, Select, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../renderers/hooks/useLoad';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type MenuLayoutModule, type RoleEntry, type UserEntry } from './api';
import { toggleAccess } from './layout';
import { roleName } from './roleName';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px' },
  bar: { display: 'flex', gap: '12px', alignItems: 'end', marginBlock: '8px' },
});

export interface MenuAccessEditorProps {
  roles: RoleEntry[];
  users: UserEntry[];
  layout: MenuLayoutModule[];
  titleOf: (key: string) => string;
  moduleTitle: (module: string) => string;
}

export function MenuAccessEditor({ roles, users, layout, titleOf, moduleTitle }: MenuAccessEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const parties = users.filter((u) => u.isVendor || u.isCustomer);
  const [who, setWho] = useState(roles[0]?.role ?? '');
  // the list as the server has it for `who`, then as edited here (`of`: the answer edited)
  const fetched = useLoad(
    who ? () => securityApi.menuAccess(who).then((a) => [...a.entities].sort()) : null,
    [who],
  ).data;
  const [edited, setEdited] = useState<{ of: string[]; list: string[] } | null>(null);
  const list = fetched ? (edited?.of === fetched ? edited.list : fetched) : null;
  const setList = (next: string[]) => fetched && setEdited({ of: fetched, list: next });
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!list) return;
    setSaving(true);
    try {
      await securityApi.saveMenuAccess(who, list);
      toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      <div className={styles.bar}>
        <Field label={t('security.menu.who')}>
          <Select value={who} onChange={(_, d) => setWho(d.value)}>
            <optgroup label={t('security.menu.roles')}>
              {roles.map((r) => (
                <option key={r.role} value={r.role}>
                  {roleName(t, r.role, roles)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('security.menu.users')}>
              {parties.map((u) => (
                <option key={u.id} value={`user:${u.id}`}>
                  {u.displayName} ({u.username})
                </option>
              ))}
            </optgroup>
          </Select>
        </Field>
        <Button appearance="primary" disabled={!list || saving} onClick={() => void save()}>
          {t('security.menu.saveAccess')}
        </Button>
      </div>
      {!list ? (
        <Spinner size="small" />
      ) : (
        layout.map((m) => (
          <fieldset key={m.module}>
            <legend>
              <Subtitle2>{moduleTitle(m.module)}</Subtitle2>
            </legend>
            <div className={styles.grid}>
              {m.entities.map((e) => (
                <Checkbox
                  key={e.key}
                  label={t('security.menu.sees', { name: titleOf(e.key) })}
                  checked={list.includes(e.key)}
                  onChange={(_, d) => setList(toggleAccess(list, e.key, d.checked === true))}
                />
              ))}
            </div>
          </fieldset>
        ))
      )}
    </div>
  );
}
