/**
 * /:module/:entity/:id/print: the generic print view (renderers/print) of one row of any
 * definition; `:id` may list several ids ("12,15,20", the grid's print of the ticked rows), printed
 * one after another, each on its own page. No component exists for any particular entity.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MultiPrintView, PrintView } from '../../renderers/print/PrintView';
import { splitEntityKey } from '../../renderers/form/lookup';
import { loadDefinition } from '../../runtime/meta/loaders';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { segments } from '../../runtime/guards';
import { getLang } from '../../runtime/lang';
import { localText, type EntityDefinition } from '../../runtime/shared/definition';
import { printFormatOf } from '../../runtime/shared/printFormat';
import { useScreenTitle } from '../title';
import { useLoad } from '../../renderers/hooks/useLoad';

const clientFor = (entityKey: string) => createEntityClient(splitEntityKey(entityKey));

/** The ids of the route's `:id` ("7" or "7,9,12"); null when any is not a positive integer. */
export function printIds(param: string): number[] | null {
  const ids = param.split(',').map(Number);
  return ids.length > 0 && ids.every((n) => Number.isInteger(n) && n > 0) ? [...new Set(ids)] : null;
}

export function PrintRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity = '', id = '' } = useParams();
  const module = segments(useLocation().pathname)[0] ?? '';
  const lang = getLang();

  const load = useLoad(() => loadDefinition(module, entity), [module, entity, lang]);
  const definition: EntityDefinition | null = load.data ?? null;
  // the title of one document, not the list's plural («چاپ فاکتور فروش»)
  useScreenTitle(
    definition ? t('print.title', { title: localText(printFormatOf(definition).title, lang) }) : null,
  );
  const client = useMemo(() => (definition ? createEntityClient(definition) : null), [definition]);
  const ids = printIds(id);
  if (load.failed || !ids)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('print.notFound')}</MessageBarBody>
      </MessageBar>
    );
  if (!definition || !client) return <Spinner label={t('app.loading')} />;
  const onBack = () => void navigate(`/${module}/${entity}`);
  const common = { definition, client, clientFor, lang, onBack };
  return ids.length === 1 ? <PrintView {...common} id={ids[0]!} /> : <MultiPrintView {...common} ids={ids} />;
}
