/** Any other path (spec section 2): page not found; switches the loading indicator off. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Title2, Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadingOff } from '../../runtime/http/loading';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => loadingOff(), []);
  return (
    <main style={{ padding: 32, textAlign: 'center' }}>
      <Title2 as="h1">404</Title2>
      <Body1 as="p">{t('shell.notFound')}</Body1>
      <Link to="/">{t('shell.home')}</Link>
    </main>
  );
}
