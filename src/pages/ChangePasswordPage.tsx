/**
 * Change password (allowed without a token). With a token: own password, the answer's fresh token
 * pair is stored. Without: the username is asked too. Field errors show inline by field name.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Checkbox, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../runtime/http/pipeline';
import { hasToken, type TokenPair } from '../../runtime/auth/tokens';
import { adoptTokens, currentUser, logout } from '../../runtime/auth/session';
import { toast } from '../../runtime/ui/toasts';
import { afterLogin } from '../afterLogin';
import { fieldErrors } from '../fieldErrors';
import { AuthCard } from './AuthCard';

/** The path kept in the location state by the user menu, if it is one of this app's paths. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

type FieldName = 'username' | 'currentPassword' | 'newPassword' | 'repeat';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = hasToken();
  // where the user menu opened this page from (src/shell/UserMenu.tsx); the dashboard otherwise
  const from = returnPath(useLocation().state);
  // a required change (pwdChange) has no way back: every business call answers 426 until it is done
  const canGoBack = signedIn && currentUser()?.pwdChange !== true;
  const [values, setValues] = useState<Record<FieldName, string>>({
    username: '',
    currentPassword: '',
    newPassword: '',
    repeat: '',
  });
  const [endOtherSessions, setEndOtherSessions] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (name: FieldName) => (_: unknown, d: { value: string }) =>
    setValues((v) => ({ ...v, [name]: d.value }));

  const submit = async () => {
    if (busy) return;
    if (values.newPassword !== values.repeat) {
      setErrors({ repeat: t('changePassword.mismatch') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const body = {
        ...(signedIn ? {} : { username: values.username.trim() }),
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        endOtherSessions,
      };
      const data = await api.post<Partial<TokenPair> | null>('Security/Account/ChangePassword', body);
      toast({ text: 'changePassword.done', kind: 'success' });
      if (signedIn && data?.access_token && data.refresh_token) {
        const forced = currentUser()?.pwdChange === true;
        adoptTokens(data as TokenPair);
        await navigate(forced ? await afterLogin() : from, { replace: true });
      } else {
        await navigate(signedIn ? '/' : '/login', { replace: true });
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string, type: 'text' | 'password', autoComplete: string) => (
    <Field
      label={label}
      required
      validationMessage={errors[name]}
      validationState={errors[name] ? 'error' : 'none'}
    >
      <Input name={name} type={type} autoComplete={autoComplete} value={values[name]} onChange={set(name)} />
    </Field>
  );

  return (
    <AuthCard title={t('changePassword.title')} onSubmit={() => void submit()}>
      {!signedIn && field('username', t('login.username'), 'text', 'username')}
      {field('currentPassword', t('changePassword.current'), 'password', 'current-password')}
      {field('newPassword', t('changePassword.new'), 'password', 'new-password')}
      {field('repeat', t('changePassword.repeat'), 'password', 'new-password')}
      {signedIn && (
        <Checkbox
          label={t('changePassword.endOtherSessions')}
          checked={endOtherSessions}
          onChange={(_, d) => setEndOtherSessions(d.checked === true)}
        />
      )}
      <Button appearance="primary" type="submit" disabled={busy}>
        {t('changePassword.submit')}
      </Button>
      {canGoBack && (
        <Button appearance="secondary" onClick={() => void navigate(from, { replace: true })}>
          {t('userMenu.back')}
        </Button>
      )}
      {signedIn ? (
        <Button appearance="subtle" onClick={() => void logout()}>
          {t('shell.logout')}
        </Button>
      ) : (
        <Link to="/login">{t('forgot.back')}</Link>
      )}
    </AuthCard>
  );
}
