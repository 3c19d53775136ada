/**
 * /:module/:entity/list/print?list=…: the list print of a grid (renderers/print/ListPrintView). The
 * query's `list` is the grid's request as JSON (filterModel, sortModel, q, columns: the grid's
 * visible columns), so a reload prints the same list; the server checks it as any list request.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ListPrintView } from '../../renderers/print/ListPrintView';
import { loadDefinition } from '../../runtime/meta/loaders';
import { segments } from '../../runtime/guards';
import { getLang } from '../../runtime/lang';
import { localText } from '../../runtime/shared/definition';
import type { ListPrintRequest } from '../../runtime/shared/print/listSheet';
import { useScreenTitle } from '../title';
import { useLoad } from '../../renderers/hooks/useLoad';

/** The list request of the query's `list` (JSON); null when it is not one. */
export function listPrintRequest(text: string | null): ListPrintRequest | null {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { filterModel, sortModel, q, columns } = value as Record<string, unknown>;
    const out: ListPrintRequest = {};
    if (typeof filterModel === 'object' && filterModel !== null && !Array.isArray(filterModel))
      out.filterModel = filterModel as Record<string, unknown>;
    if (Array.isArray(sortModel)) out.sortModel = sortModel as ListPrintRequest['sortModel'];
    if (typeof q === 'string' && q.trim()) out.q = q;
    if (Array.isArray(columns) && columns.every((c) => typeof c === 'string'))
      out.columns = columns as string[];
    return out;
  } catch {
    return null;
  }
}

export function ListPrintRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity = '' } = useParams();
  const module = segments(useLocation().pathname)[0] ?? '';
  const [params] = useSearchParams();
  const lang = getLang();
  const text = params.get('list');
  const request = useMemo(() => listPrintRequest(text), [text]);
  const load = useLoad(() => loadDefinition(module, entity), [module, entity, lang]);
  const definition = load.data ?? null;
  useScreenTitle(definition ? t('printList.title', { title: localText(definition.title, lang) }) : null);
  if (load.failed || !request)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('printList.failed')}</MessageBarBody>
      </MessageBar>
    );
  if (!definition) return <Spinner label={t('app.loading')} />;
  return (
    <ListPrintView
      definition={definition}
      request={request}
      lang={lang}
      onBack={() => void navigate(`/${module}/${entity}`)}
    />
  );
}
