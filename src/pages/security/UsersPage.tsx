/** /security/users: the users (Security/User/List), new and edit in a dialog, disable/enable. */
import {
  Badge,
  Button,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../renderers/format';
import { getLang } from '../../../runtime/lang';
import { confirm } from '../../../runtime/ui/dialogs';
import { toast } from '../../../runtime/ui/toasts';
import { securityApi, type RoleEntry, type UserEntry, type UserInput } from './api';
import { UserDialog } from './UserDialog';

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
  if (!users) return <Spinner label={t('app.loading')} />;
  return (
    <section>
      <Title3 as="h1">{t('security.users.title')}</Title3>
      <div className={styles.bar}>
        <Button appearance="primary" onClick={() => setEditing('new')}>
          {t('security.users.new')}
        </Button>
      </div>
      <Table aria-label={t('security.users.title')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('security.users.username')}</TableHeaderCell>
            <TableHeaderCell>{t('security.users.displayName')}</TableHeaderCell>
            <TableHeaderCell>{t('security.role')}</TableHeaderCell>
            <TableHeaderCell>{t('security.users.kind')}</TableHeaderCell>
            <TableHeaderCell>{t('security.users.partyId')}</TableHeaderCell>
            <TableHeaderCell>{t('security.users.state')}</TableHeaderCell>
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} data-user={u.username}>
              <TableCell dir="ltr">{u.username}</TableCell>
              <TableCell>{u.displayName}</TableCell>
              <TableCell>{u.role}</TableCell>
              <TableCell>{kind(u)}</TableCell>
              <TableCell>{u.partyId != null ? localDigits(String(u.partyId), lang) : ''}</TableCell>
              <TableCell>
                <Badge color={u.disabled ? 'danger' : 'success'}>
                  {t(u.disabled ? 'security.users.disabled' : 'security.users.enabled')}
                </Badge>
              </TableCell>
              <TableCell>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
