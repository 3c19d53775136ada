/**
 * Draws every dialog the runtime asked for (runtime/ui/dialogs.ts): error lists, table errors,
 * business messages and yes/no confirmations, as Fluent Dialogs, right to left.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { closeDialog, dialogStore, type Dialog as DialogModel } from '../../runtime/ui/dialogs';
import { DialogMessages } from './DialogMessages';

export function DialogHost() {
  const dialogs = useStore(dialogStore, (s) => s.dialogs);
  return (
    <>
      {dialogs.map((d) => (
        <OneDialog key={d.id} dialog={d} />
      ))}
    </>
  );
}

function OneDialog({ dialog }: { dialog: DialogModel }) {
  const { t, i18n } = useTranslation();
  const dir = i18n.dir?.(i18n.language) ?? 'rtl';
  const isConfirm = dialog.kind === 'confirm';
  const answer = (ok: boolean) => (dialog.kind === 'confirm' ? dialog.resolve(ok) : closeDialog(dialog.id));
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) answer(false);
      }}
    >
      <DialogSurface dir={dir} aria-describedby={`dialog-${dialog.id}-content`}>
        <DialogBody>
          <DialogTitle>{t(isConfirm ? 'form.confirmTitle' : 'form.errorTitle')}</DialogTitle>
          <DialogContent id={`dialog-${dialog.id}-content`}>
            <DialogMessages dialog={dialog} />
          </DialogContent>
          <DialogActions>
            {isConfirm ? (
              <>
                <Button appearance="primary" onClick={() => answer(true)}>
                  {t(dialog.answers?.yes ?? 'form.yes')}
                </Button>
                <Button appearance="secondary" onClick={() => answer(false)}>
                  {t(dialog.answers?.no ?? 'form.no')}
                </Button>
              </>
            ) : (
              <Button appearance="primary" onClick={() => answer(false)}>
                {t('form.close')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
