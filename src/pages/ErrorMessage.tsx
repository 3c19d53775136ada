/** The message shown when a screen fails to render. */
import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function ErrorMessage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 24 }}>
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{t('shell.errorTitle')}</MessageBarTitle>
          {t('shell.errorText')}
        </MessageBarBody>
      </MessageBar>
      <div style={{ marginTop: 16, display: 'flex', gap: 8 }}>
        {onRetry && <Button onClick={onRetry}>{t('shell.retry')}</Button>}
        <Button as="a" href="/">
          {t('shell.home')}
        </Button>
      </div>
    </div>
  );
}
