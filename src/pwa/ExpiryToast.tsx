/** The session-expiry countdown toast (runtime/auth/expiry.ts publishes the seconds left). */
import { useEffect } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { expiryStore } from '../../runtime/auth/expiry';
import { displayText } from '../display';

const ID = 'session-expiry';

function Seconds() {
  const { t } = useTranslation();
  const remaining = useStore(expiryStore, (s) => s.remaining);
  return (
    <span data-testid="session-expiry">
      {displayText(t('session.expiring', { seconds: remaining ?? 0 }))}
    </span>
  );
}

export function ExpiryToast() {
  const warning = useStore(expiryStore, (s) => s.remaining !== null);
  useEffect(() => {
    if (!warning) return;
    toast.warning(<Seconds />, { toastId: ID, autoClose: false, closeOnClick: false, draggable: false });
    return () => toast.dismiss(ID);
  }, [warning]);
  return null;
}
