/**
 * «ابطال» of a final document: a dialog asking the reason (required, REASON_MIN–REASON_MAX
 * characters, checked here in the user's language before the call; the server checks again). A
 * refusal of the server (shown by the pipeline's error catalogue) leaves the dialog open with the
 * reason as typed, so nothing is lost; a success closes it.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import { localDigits } from '../format';
import { reasonProblem, REASON_MAX, REASON_MIN } from './lifecycle';

export interface CancelDialogProps {
  lang: Lang;
  /** The document cancelled, as the user knows it (its number). */
  name: string;
  /** Sends the cancel; true once the server accepted it (the dialog then closes). */
  onCancel: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

export function CancelDialog({ lang, name, onCancel, onClose }: CancelDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = reasonProblem(reason);
  const digits = (n: number) => localDigits(String(n), lang);
  const message = tried && problem ? t(problem, { min: digits(REASON_MIN), max: digits(REASON_MAX) }) : '';
  const submit = async () => {
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    const done = await onCancel(reason).catch(() => false);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onClose();
      }}
    >
      <DialogSurface dir={lang === 'fa' ? 'rtl' : 'ltr'} data-cancel-dialog="">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{t('lifecycle.cancelTitle', { name })}</DialogTitle>
            <DialogContent>
              <Field
                label={t('lifecycle.reason')}
                required
                validationState={message ? 'error' : 'none'}
                validationMessage={message || undefined}
                hint={t('lifecycle.reasonHint')}
              >
                <Textarea
                  value={reason}
                  onChange={(_, data) => setReason(data.value)}
                  maxLength={REASON_MAX}
                  resize="vertical"
                  rows={3}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy}>
                {t('lifecycle.cancelConfirm')}
              </Button>
              <Button appearance="secondary" type="button" disabled={busy} onClick={onClose}>
                {t('form.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
