/**
 * The form in a Fluent Dialog for new/edit/view. Closing a form with unsaved changes (its close
 * or cancel button, Escape, a link, the browser's back) asks confirm(form.unsaved) with «Keep
 * editing» / «Discard» first (useDiscardGuard.ts); a clean form closes at once. closeAllDialogs
 * (a navigation the user confirmed, a 403) closes it without asking.
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient, EntityValues } from '../../runtime/entity/types';
import {
  localText,
  type EntityDefinition,
  type EntityPermissions,
  type EntityRow,
  type Lang,
} from '../../runtime/shared/definition';
import { confirm, dialogStore, onCloseAllDialogs } from '../../runtime/ui/dialogs';
import { EntityForm } from '../form/EntityForm';
import { DISCARD_ANSWERS, useDiscardGuard } from './useDiscardGuard';
import { formLock, lifecycleActions, type LifecycleAction } from './lifecycle';
import { LifecycleButtons, LifecycleNote, StateTag } from './LifecycleParts';
import { PostedVouchers } from './PostedVouchers';
import { FollowOns } from './FollowOns';

export type FormMode = 'new' | 'edit' | 'view';

export interface FormModalProps {
  definition: EntityDefinition;
  lang: Lang;
  mode: FormMode;
  row?: EntityRow;
  onSave: (values: EntityValues) => Promise<unknown>;
  onClose: () => void;
  /** Clients of other entities for lookups ('module.name'). */
  clientFor?: (entityKey: string) => EntityClient;
  /** Opens the record's history (shown for a stored record when given). */
  onHistory?: () => void;
  /** The user's permissions: a document's lifecycle buttons show by them (lifecycle.ts). */
  permissions?: EntityPermissions;
  /** Runs a lifecycle action on the stored row (the screen asks, calls and reopens the form). */
  onLifecycle?: (action: LifecycleAction, row: EntityRow) => void;
  /** Opens another record of the entity (the document this one amends). */
  onOpenRecord?: (id: number) => void;
}

export function FormModal({
  definition,
  lang,
  mode,
  row,
  onSave,
  onClose,
  clientFor,
  onHistory,
  permissions,
  onLifecycle,
  onOpenRecord,
}: FormModalProps) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  // shown too: the lifecycle buttons wait for the changes to be saved
  const [dirtyShown, setDirtyShown] = useState(false);
  // a final document: only its editableWhenFinal fields (a cancelled one: none) may change
  const lock = mode === 'new' ? null : formLock(definition, row);
  const lifecycle = permissions && onLifecycle && row ? lifecycleActions(definition, permissions, row) : [];
  const asking = useRef(false);

  const surface = useRef<HTMLDivElement>(null);

  useEffect(() => onCloseAllDialogs(onClose), [onClose]);

  // A runtime dialog (confirm, error modal) opened over the form hides the form from assistive
  // technology (aria-hidden) and Fluent does not undo it when that dialog closes: undo it here.
  useEffect(
    () =>
      dialogStore.subscribe((s) => {
        if (s.dialogs.length === 0) setTimeout(() => surface.current?.removeAttribute('aria-hidden'), 0);
      }),
    [],
  );

  const requestClose = async () => {
    if (asking.current) return;
    if (dirty.current && mode !== 'view') {
      asking.current = true;
      const ok = await confirm(t('form.unsaved'), DISCARD_ANSWERS);
      asking.current = false;
      if (!ok) return;
    }
    onClose();
  };
  // leaving the page (a link, back, reload) with unsaved changes asks too
  const guarded = useCallback(() => dirty.current && mode !== 'view' && !asking.current, [mode]);
  useDiscardGuard(guarded, t('form.unsaved'));

  const entity = localText(definition.title, lang);
  const title = t(mode === 'new' ? 'form.newTitle' : mode === 'edit' ? 'form.editTitle' : 'form.viewTitle', {
    entity,
  });
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) void requestClose();
      }}
    >
      <DialogSurface
        ref={surface}
        dir={lang === 'fa' ? 'rtl' : 'ltr'}
        style={{ maxWidth: definition.children ? 'min(1280px, 98vw)' : 'min(920px, 96vw)', width: '100%' }}
      >
        <DialogBody>
          <DialogTitle
            action={
              onHistory && row ? (
                <Button appearance="subtle" onClick={onHistory}>
                  {t('history.button')}
                </Button>
              ) : undefined
            }
          >
            {title}
            <StateTag definition={definition} row={row} lang={lang} />
          </DialogTitle>
          <DialogContent>
            <LifecycleNote definition={definition} row={row} lang={lang} onOpenRecord={onOpenRecord} />
            <PostedVouchers definition={definition} row={row} lang={lang} clientFor={clientFor} />
            <EntityForm
              definition={definition}
              lang={lang}
              values={row}
              readOnly={mode === 'view' || lock?.kind === 'none'}
              editableOnly={lock?.kind === 'some' ? lock.editable : undefined}
              onSave={onSave}
              onCancel={() => void requestClose()}
              onDirtyChange={(d) => {
                dirty.current = d;
                setDirtyShown(d);
              }}
              clientFor={clientFor}
              extraActions={
                row ? (
                  <>
                    {lifecycle.length > 0 && (
                      <LifecycleButtons
                        actions={lifecycle}
                        dirty={dirtyShown}
                        onAction={(action) => onLifecycle?.(action, row)}
                      />
                    )}
                    <FollowOns definition={definition} row={row} dirty={dirtyShown} />
                  </>
                ) : undefined
              }
            />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
