/** /security/users: the users (Security/User/List), new and edit in a dialog, disable/enable. */
import { Badge, Button, makeStyles, Spinner, Title3 } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../renderers/format';
import { DataTable, type DataColumn } from '../../../renderers/table/DataTable';
import { getLang } from '../../../runtime/lang';
import { confirm } from '../../../runtime/ui/dialogs';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type RoleEntry, type UserEntry, type UserInput } from './api';
import { UserDialog } from './UserDialog';
import { roleName } from './roleName';

const useStyles = makeStyles({ bar: { marginBlock: '8px' } });

export function UsersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = getLang();
  const [users, setUsers] = useState<UserEntry[] | null>(null);
  const [roles, setRoles] = useState<RoleEntry[]>([]);
  const [editing, setEditing] = useState<UserEntry | 'new' | null>(null);

  const load = useCallback(() => securityApi.users().then(setUsers), []);
  useEffect(() => {
    void load().catch(() => undefined);
    securityApi.roles().then(setRoles, () => undefined);
  }, [load]);

  const save = async (input: UserInput) => {
    await securityApi.saveUser(input);
    toast({ text: 'security.saved', kind: 'success', id: 'security.saved' });
    setEditing(null);
    await load();
  };

  const toggle = async (u: UserEntry) => {
    if (!u.disabled && !(await confirm(t('security.users.confirmDisable', { name: u.displayName })))) return;
    await save({ ...u, disabled: !u.disabled });
  };

  const kind = (u: UserEntry) =>
    t(`security.users.kinds.${u.isVendor ? 'vendor' : u.isCustomer ? 'customer' : 'staff'}`);
  const columns: DataColumn<UserEntry>[] = [
    { id: 'username', header: t('security.users.username'), dir: 'ltr', cell: (u) => u.username },
    { id: 'displayName', header: t('security.users.displayName'), cell: (u) => u.displayName },
    { id: 'role', header: t('security.role'), cell: (u) => roleName(t, u.role, roles) },
    { id: 'kind', header: t('security.users.kind'), cell: kind },
    {
      id: 'partyId',
      header: t('security.users.partyId'),
      cell: (u) => (u.partyId != null ? localDigits(String(u.partyId), lang) : ''),
    },
    {
      id: 'state',
      header: t('security.users.state'),
      cell: (u) => (
        <Badge color={u.disabled ? 'danger' : 'success'}>
          {t(u.disabled ? 'security.users.disabled' : 'security.users.enabled')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      cell: (u) => (
        <>
          <Button
            size="small"
            aria-label={t('security.users.editOf', { name: u.username })}
            onClick={() => setEditing(u)}
          >
            {t('security.users.editShort')}
          </Button>
          <Button size="small" onClick={() => void toggle(u)}>
            {t(u.disabled ? 'security.users.enable' : 'security.users.disable')}
          </Button>
        </>
      ),
    },
  ];
  if (!users) return <Spinner label={t('app.loading')} />;
  return (
    <section>
      <Title3 as="h1">{t('security.users.title')}</Title3>
      <div className={styles.bar}>
        <Button appearance="primary" onClick={() => setEditing('new')}>
          {t('security.users.new')}
        </Button>
      </div>
      <DataTable
        label={t('security.users.title')}
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ 'data-user': u.username })}
      />
      {editing && (
        <UserDialog
          user={editing === 'new' ? null : editing}
          roles={roles}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
