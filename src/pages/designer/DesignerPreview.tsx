/**
 * Live preview of the draft: the generated form (validators precompiled by the server for the
 * draft, Plan's preview.validators; nothing compiled here) or the generated grid over sample rows.
 */
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../../../renderers/form/EntityForm';
import { EntityGrid } from '../../../renderers/grid/EntityGrid';
import { sampleClient } from '../../../renderers/designer';
import type { EntityValues } from '../../../runtime/entity/types';
import type { EntityDefinition, Lang } from '../../../runtime/shared/definition';
import { toast } from '../../../runtime/ui/toasts';
import { RefusedMessages } from './RefusedMessages';
import { usePlan } from './usePlan';

export interface FormPreviewProps {
  draft: EntityDefinition;
  lang: Lang;
  /** Values the form opens with (the layout preview shows sample values, sampleValues). */
  values?: EntityValues;
  /** The preview's name (the form preview's tab by default). */
  label?: string;
}

export function FormPreview({ draft, lang, values, label }: FormPreviewProps) {
  const { t } = useTranslation();
  const state = usePlan(draft, true);
  const previewed = useMemo(
    () =>
      state.plan?.preview && state.of ? { ...state.of, validators: state.plan.preview.validators } : null,
    [state],
  );
  if (state.refused) return <RefusedMessages {...state.refused} />;
  if (state.plan && !state.plan.preview)
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('designer.previewUnavailable')}</MessageBarBody>
      </MessageBar>
    );
  if (!previewed) return <Spinner size="small" label={t('designer.previewLoading')} />;
  return (
    <section aria-label={label ?? t('designer.tabs.form')} data-preview="form">
      <EntityForm
        key={JSON.stringify(previewed)}
        definition={previewed}
        lang={lang}
        values={values}
        onSave={async () =>
          toast({ text: 'designer.previewValid', kind: 'success', id: 'designer.previewValid' })
        }
      />
    </section>
  );
}

export function GridPreview({ draft, lang }: { draft: EntityDefinition; lang: Lang }) {
  const { t } = useTranslation();
  const client = useMemo(() => sampleClient(draft), [draft]);
  return (
    <section
      aria-label={t('designer.tabs.grid')}
      data-preview="grid"
      style={{ height: '320px', display: 'flex' }}
    >
      <EntityGrid
        key={JSON.stringify([draft.list, draft.fields])}
        definition={draft}
        client={client}
        lang={lang}
        userId="designer-preview"
      />
    </section>
  );
}
