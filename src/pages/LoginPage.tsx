/** Sign in (POST /Token through the pipeline); wrong credentials toast through the catalogue. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { login } from '../../runtime/auth/session';
import { afterLogin } from '../afterLogin';
import { AuthCard } from './AuthCard';

// a native checkbox in Fluent's colours: Fluent's Checkbox would add ~3 KB to the login route
const useStyles = makeStyles({
  remember: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
  },
  box: { width: '16px', height: '16px', margin: 0, accentColor: tokens.colorCompoundBrandBackground },
});

export function LoginPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !username || !password) return;
    setBusy(true);
    try {
      await login(username.trim(), password, remember);
      await navigate(await afterLogin(), { replace: true });
    } catch {
      // The catalogue has shown the reason (e.g. InvalidUsernameOrPassword).
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('login.title')} onSubmit={() => void submit()}>
      <Field label={t('login.username')} required>
        <Input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(_, d) => setUsername(d.value)}
          autoFocus
        />
      </Field>
      <Field label={t('login.password')} required>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(_, d) => setPassword(d.value)}
        />
      </Field>
      <label className={styles.remember}>
        <input
          type="checkbox"
          className={styles.box}
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        {t('login.remember')}
      </label>
      <Button appearance="primary" type="submit" disabled={busy}>
        {t('login.submit')}
      </Button>
      <Link to="/forgot-password">{t('login.forgot')}</Link>
    </AuthCard>
  );
}
