/**
 * The update flow's toasts (the state machine is runtime/update/updateFlow.ts): 'update
 * available', the persistent 240 s toast with Update and Close, the second 60 s toast, and
 * 'update unsuccessful'.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '@fluentui/react-components';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import type { UpdateFlow } from '../../runtime/update/updateFlow';
import { displayText } from '../display';

const AVAILABLE = 'update-available';
const MAIN = 'update-ready';
const FINAL = 'update-final';
const FAILED = 'update-failed';

function Countdown({ flow, textKey, onClose }: { flow: UpdateFlow; textKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const remaining = useStore(flow.store, (s) => s.remaining);
  return (
    <div data-testid={textKey === 'update.ready' ? 'update-toast' : 'update-final-toast'}>
      <p style={{ margin: '0 0 8px' }}>{displayText(t(textKey, { seconds: remaining }))}</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button appearance="primary" size="small" onClick={() => flow.update()}>
          {t('update.update')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('update.close')}
        </Button>
      </div>
    </div>
  );
}

const persistent = { autoClose: false, closeButton: false, closeOnClick: false, draggable: false } as const;

export function UpdateToasts({ flow }: { flow: UpdateFlow }) {
  const { t } = useTranslation();
  const phase = useStore(flow.store, (s) => s.phase);
  const mainToast = useStore(flow.store, (s) => s.mainToast);
  const finalToast = useStore(flow.store, (s) => s.finalToast);

  useEffect(() => {
    if (phase === 'available') toast.info(t('update.available'), { toastId: AVAILABLE });
    if (phase === 'ready') toast.dismiss(AVAILABLE);
    if (phase === 'failed') toast.error(t('update.failed'), { toastId: FAILED });
  }, [phase, t]);

  useEffect(() => {
    if (!mainToast) return;
    toast(<Countdown flow={flow} textKey="update.ready" onClose={() => flow.closeMain()} />, {
      ...persistent,
      toastId: MAIN,
    });
    return () => toast.dismiss(MAIN);
  }, [mainToast, flow]);

  useEffect(() => {
    if (!finalToast) return;
    toast.warning(<Countdown flow={flow} textKey="update.final" onClose={() => flow.closeFinal()} />, {
      ...persistent,
      toastId: FINAL,
    });
    return () => toast.dismiss(FINAL);
  }, [finalToast, flow]);

  return null;
}
