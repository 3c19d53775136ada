/**
 * /:module/:entity/:id/print: the generic print view (renderers/print) of one row of any
 * definition. No component exists for any particular entity.
 */
import { useEffect, useMemo, useState } from 'react';
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
import { titleStore } from '../title';

const clientFor = (entityKey: string) => createEntityClient(splitEntityKey(entityKey));

export function PrintRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity = '', id = '' } = useParams();
  const module = segments(useLocation().pathname)[0] ?? '';
  const lang = getLang();
  const key = `${module}.${entity}`;
  const [state, setState] = useState<{ key: string; definition: EntityDefinition | null; failed: boolean }>({
    key: '',
    definition: null,
    failed: false,
  });

  useEffect(() => {
    let alive = true;
    loadDefinition(module, entity)
      .then((definition) => {
        if (!alive) return;
        setState({ key, definition, failed: false });
        titleStore.setState({ screenTitle: t('print.title', { title: localText(definition.title, lang) }) });
      })
      .catch(() => alive && setState({ key, definition: null, failed: true }));
    return () => {
      alive = false;
      titleStore.setState({ screenTitle: null });
    };
  }, [module, entity, key, lang, t]);

  const definition = state.key === key ? state.definition : null;
  const client = useMemo(() => (definition ? createEntityClient(definition) : null), [definition]);
  const rowId = Number(id);
  if ((state.key === key && state.failed) || !Number.isInteger(rowId) || rowId < 1)
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
