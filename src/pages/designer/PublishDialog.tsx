/**
 * Publish: the plan (Designer/Plan) is shown first; a breaking plan needs the analyst to tick the
 * acceptance box and confirm once more before Publish is sent with acceptBreaking.
 */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanView } from '../../../renderers/designer';
import { useLoad } from '../../../renderers/hooks/useLoad';
import type { EntityDefinition, Lang } from '../../../runtime/shared/definition';
import { confirm } from '../../../runtime/ui/dialogs';
import { designerApi, DraftRefused } from './api';
import { RefusedMessages } from './RefusedMessages';

export interface PublishDialogProps {
  draft: EntityDefinition;
  lang: Lang;
  onClose: () => void;
  onPublished: (result: { key: string; version: number }) => void;
  /** The server's field messages about the draft (shown in the editor too). */
  onRefused?: (fields: DraftRefused['fields']) => void;
}

type Refusal = { fields: DraftRefused['fields']; business: string[] };

export function PublishDialog({ draft, lang, onClose, onPublished, onRefused }: PublishDialogProps) {
  const { t } = useTranslation();
  const planned = useLoad(() => designerApi.plan(draft), [draft]);
  const plan = planned.data ?? null;
  // the server's refusal of the draft: of the publish, else of the plan
  const [refusedPublish, setRefused] = useState<Refusal | null>(null);
  const refusedPlan = planned.error instanceof DraftRefused ? planned.error : null;
  const refused =
    refusedPublish ?? (refusedPlan && { fields: refusedPlan.fields, business: refusedPlan.business });
  const [comment, setComment] = useState('');
  const [accept, setAccept] = useState(false);
  const [busy, setBusy] = useState(false);
  const refuse = (err: DraftRefused) => {
    setRefused({ fields: err.fields, business: err.business });
    onRefused?.(err.fields);
  };

  const publish = async () => {
    if (!plan) return;
    if (plan.breaking && !(accept && (await confirm(t('designer.publish.confirmBreaking'))))) return;
    setBusy(true);
    try {
      onPublished(await designerApi.publish(draft, comment, plan.breaking));
    } catch (err) {
      if (err instanceof DraftRefused) refuse(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('designer.publish.title')}</DialogTitle>
          <DialogContent>
            {!plan && !refused && <Spinner size="small" label={t('designer.previewLoading')} />}
            {refused && <RefusedMessages {...refused} />}
            {plan && <PlanView plan={plan} lang={lang} />}
            {plan?.breaking && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('designer.publish.breaking')}</MessageBarBody>
              </MessageBar>
            )}
            {plan?.breaking && (
              <Checkbox
                label={t('designer.publish.accept')}
                checked={accept}
                onChange={(_, d) => setAccept(d.checked === true)}
              />
            )}
            {plan && (
              <Field label={t('designer.publish.comment')}>
                <Input value={comment} onChange={(_, d) => setComment(d.value)} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              disabled={!plan || busy || (plan.breaking && !accept)}
              onClick={() => void publish()}
            >
              {t('designer.publish.do')}
            </Button>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
