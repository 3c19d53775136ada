/**
 * react-toastify's container, loaded right after the first paint (outside the login route's
 * budget, bench/budget.mjs). Once mounted it hands toastify's `toast` to the sink (src/toastSink.ts),
 * which draws what was asked for meanwhile.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

export type ShowToast = typeof toast;

export function Toasts({
  rtl,
  theme,
  onReady,
}: {
  rtl: boolean;
  theme: 'light' | 'dark';
  onReady: (show: ShowToast) => void;
}) {
  const { t } = useTranslation();
  useEffect(() => onReady(toast), [onReady]);
  // toastify names its region «Notifications Alt+T» in English: named from the translations
  return (
    <ToastContainer
      position="bottom-center"
      rtl={rtl}
      newestOnTop
      theme={theme}
      aria-label={t('shell.notifications')}
      // toastify names its close button «close» and its timer bar «notification timer» in English:
      // the button is named from the translations, the bar is not drawn
      closeButton={({ closeToast }: CloseButtonProps) => (
        <button
          type="button"
          className="Toastify__close-button"
          aria-label={t('shell.closeNotice')}
          onClick={(e) => {
            e.stopPropagation();
            closeToast(true);
          }}
        >
          ×
        </button>
      )}
      hideProgressBar
    />
  );
}
