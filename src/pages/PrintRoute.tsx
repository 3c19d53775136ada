/**
 * /:module/:entity/:id/print: the generic print view (renderers/print) of one row of any
 * definition. No component exists for any particular entity.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PrintView } from '../../renderers/print/PrintView';
import { splitEntityKey } from '../../renderers/form/lookup';
import { loadDefinition } from '../../runtime/meta/loaders';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { segments } from '../../runtime/guards';
import { getLang } from '../../runtime/lang';
import { localText, type EntityDefinition } from '../../runtime/shared/definition';
import { useScreenTitle } from '../title';
import { useLoad } from '../../renderers/hooks/useLoad';

const clientFor = (entityKey: string) => createEntityClient(splitEntityKey(entityKey));

export function PrintRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity = '', id = '' } = useParams();
  const module = segments(useLocation().pathname)[0] ?? '';
  const lang = getLang();

  const load = useLoad(() => loadDefinition(module, entity), [module, entity, lang]);
  const definition: EntityDefinition | null = load.data ?? null;
  useScreenTitle(definition ? t('print.title', { title: localText(definition.title, lang) }) : null);
  const client = useMemo(() => (definition ? createEntityClient(definition) : null), [definition]);
  const rowId = Number(id);
  if (load.failed || !Number.isInteger(rowId) || rowId < 1)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('print.notFound')}</MessageBarBody>
      </MessageBar>
    );
  if (!definition || !client) return <Spinner label={t('app.loading')} />;
  return (
    <PrintView
      definition={definition}
      client={client}
      clientFor={clientFor}
      id={rowId}
      lang={lang}
      onBack={() => void navigate(`/${module}/${entity}`)}
    />
  );
}
