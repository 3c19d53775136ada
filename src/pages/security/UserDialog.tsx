/** New or edited user: name, role, vendor/customer tie to a party, attributes (row rules), disabled, password. */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Textarea,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toWesternDigits } from '../../../renderers/format';
import { ApiError } from '../../../runtime/http/ApiError';
import type { RoleEntry, UserEntry, UserInput } from './api';
import { attributesText, parseAttributes, userProblems, type UserForm } from './userForm';
import { roleName } from './roleName';

export interface UserDialogProps {
  user: UserEntry | null;
  roles: RoleEntry[];
  onSave: (input: UserInput) => Promise<unknown>;
  onClose: () => void;
}

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '8px' } });

export function UserDialog({ user, roles, onSave, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState<UserForm>(() => ({
    username: user?.username ?? '',
    displayName: user?.displayName ?? '',
    role: user?.role ?? roles[0]?.role ?? '',
    kind: user?.isVendor ? 'vendor' : user?.isCustomer ? 'customer' : 'staff',
    partyId: user?.partyId != null ? String(user.partyId) : '',
    disabled: user?.disabled ?? false,
    password: '',
    attributes: attributesText(user?.attributes),
  }));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = userProblems(form, user === null);
  const set = (patch: Partial<UserForm>) => setForm((f) => ({ ...f, ...patch }));
  const error = (name: keyof UserForm) => {
    const p = tried ? problems[name] : undefined;
    return p
      ? { validationState: 'error' as const, validationMessage: t(`security.users.problems.${p}`) }
      : {};
  };
  const save = async () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    const partyId = form.partyId ? Number(toWesternDigits(form.partyId)) : null;
    try {
      await onSave({
        ...(user ? { id: user.id } : {}),
        username: form.username.trim(),
        displayName: form.displayName.trim(),
        role: form.role,
        isVendor: form.kind === 'vendor',
        isCustomer: form.kind === 'customer',
        partyId: form.kind === 'staff' ? null : partyId,
        disabled: form.disabled,
        ...(form.password ? { password: form.password } : {}),
        attributes: parseAttributes(form.attributes) ?? {},
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 417)
        setServerError((err.envelope?.ServerMessageTexts ?? []).map((m) => m.Message).join(' ') || null);
    }
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t(user ? 'security.users.edit' : 'security.users.new')}</DialogTitle>
            <DialogContent className={styles.body}>
              <Field label={t('security.users.username')} required {...error('username')}>
                <Input dir="ltr" value={form.username} onChange={(_, d) => set({ username: d.value })} />
              </Field>
              <Field label={t('security.users.displayName')} required {...error('displayName')}>
                <Input value={form.displayName} onChange={(_, d) => set({ displayName: d.value })} />
              </Field>
              <Field label={t('security.role')}>
                <Select value={form.role} onChange={(_, d) => set({ role: d.value })}>
                  {roles.map((r) => (
                    <option key={r.role} value={r.role}>
                      {roleName(t, r.role, roles)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('security.users.kind')}>
                <Select value={form.kind} onChange={(_, d) => set({ kind: d.value as UserForm['kind'] })}>
                  {(['staff', 'vendor', 'customer'] as const).map((k) => (
                    <option key={k} value={k}>
                      {t(`security.users.kinds.${k}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {form.kind !== 'staff' && (
                <Field label={t('security.users.partyId')} required {...error('partyId')}>
                  <Input
                    inputMode="numeric"
                    value={form.partyId}
                    onChange={(_, d) => set({ partyId: d.value })}
                  />
                </Field>
              )}
              <Field
                label={t('rowRules.attributes')}
                hint={t('rowRules.attributesHint')}
                {...(tried && problems.attributes
                  ? { validationState: 'error' as const, validationMessage: t('rowRules.attributesWrong') }
                  : {})}
              >
                <Textarea
                  dir="ltr"
                  value={form.attributes}
                  onChange={(_, d) => set({ attributes: d.value })}
                />
              </Field>
              <Field
                label={t(user ? 'security.users.newPassword' : 'security.users.password')}
                required={!user}
                {...error('password')}
              >
                <Input
                  type="password"
                  value={form.password}
                  onChange={(_, d) => set({ password: d.value })}
                />
              </Field>
              <Checkbox
                label={t('security.users.disabled')}
                checked={form.disabled}
                onChange={(_, d) => set({ disabled: d.checked === true })}
              />
              {serverError && <Field validationState="error" validationMessage={serverError} />}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit">
                {t('form.save')}
              </Button>
              <Button onClick={onClose}>{t('form.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
