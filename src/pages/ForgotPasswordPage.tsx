/** Password recovery: Security/PasswordReset/Request { username } (no token), then a confirmation. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../runtime/http/pipeline';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async () => {
    if (busy || !username) return;
    setBusy(true);
    try {
      await api.post('Security/PasswordReset/Request', { username: username.trim() });
      setSent(true);
    } catch {
      // Shown by the catalogue.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} onSubmit={() => void submit()}>
      {sent ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('forgot.sent')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Field label={t('login.username')} required>
            <Input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(_, d) => setUsername(d.value)}
              autoFocus
            />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('forgot.submit')}
          </Button>
        </>
      )}
      <Link to="/login">{t('forgot.back')}</Link>
    </AuthCard>
  );
}
