/** Thin progress bar at the top, bound to the runtime's loading store. */
import { useStore } from 'zustand';
import { ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../../runtime/http/loading';

export function LoadingBar() {
  const visible = useStore(loadingStore, (s) => s.visible);
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div style={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 2000 }} data-testid="loading-bar">
      <ProgressBar thickness="medium" aria-label={t('app.loading')} />
    </div>
  );
}
