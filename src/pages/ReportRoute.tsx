/**
 * /:module/report/:report: a report definition (schemas/reports/{module}/{name}.json) drawn by the
 * one generic report screen (renderers/report). Its parameters live in the URL's query, so reload,
 * back and forward keep the report; the "period" default is the fiscal period of the shell's
 * selector. No component exists for any particular report.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { ReportScreen } from '../../renderers/report/ReportScreen';
import { useReport } from '../../renderers/report/useReport';
import { lookupTargetFromDefinition, type LookupTargetOf } from '../../renderers/report/useParamLookups';
import type { EntityClient } from '../../runtime/entity/types';
import { splitEntityKey } from '../../renderers/form/lookup';
import { createEntityClient } from '../../runtime/meta/entityClient';
import { loadDefinition } from '../../runtime/meta/loaders';
import { periodStore } from '../../runtime/period/current';
import { reportDefinitionClient, type ReportDefinitionClient } from '../../runtime/report/definitionClient';
import { segments } from '../../runtime/guards';
import { getLang } from '../../runtime/lang';
import { localText } from '../../runtime/shared/definition';
import { useScreenTitle } from '../title';

/** Clients of looked-up entities ('module.name'); module-level so they stay the same. */
const entityClientFor = (entityKey: string) => createEntityClient(splitEntityKey(entityKey));

const lookupTargetOfEntity = async (entityKey: string) => {
  const { module, name } = splitEntityKey(entityKey);
  return lookupTargetFromDefinition(entityKey, await loadDefinition(module, name));
};

/** What the page talks to: the server by default; tests give fakes at this boundary. */
export interface ReportRouteProps {
  client?: ReportDefinitionClient;
  clientFor?: (entityKey: string) => EntityClient;
  lookupTargetOf?: LookupTargetOf;
  download?: (blob: Blob, fileName: string) => void;
  onPrint?: () => void;
}

export function ReportRoute(props: ReportRouteProps) {
  const { report: name = '' } = useParams();
  const module = segments(useLocation().pathname)[0] ?? '';
  const key = `${module}.${name}`;
  // another report (a drill-down) starts afresh
  return <ReportPage key={key} report={key} {...props} />;
}

function ReportPage({
  report,
  client = reportDefinitionClient,
  clientFor = entityClientFor,
  lookupTargetOf = lookupTargetOfEntity,
  download,
  onPrint,
}: ReportRouteProps & { report: string }) {
  const lang = getLang();
  const navigate = useNavigate();
  const query = useLocation().search.replace(/^\?/, '');
  const current = useStore(periodStore, (s) => s.current);
  const from = current?.StartDate;
  const to = current?.EndDate;
  const period = useMemo(() => (from && to ? { from, to } : null), [from, to]);
  const setQuery = useCallback(
    (next: string, { replace }: { replace: boolean }) =>
      void navigate({ search: next ? `?${next}` : '' }, { replace }),
    [navigate],
  );
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  const controller = useReport({ report, lang, client, query, setQuery, navigate: go, period, download });
  const definition = controller.definition;
  useScreenTitle(definition ? localText(definition.title, lang) : null);
  return (
    <ReportScreen
      report={controller}
      lang={lang}
      clientFor={clientFor}
      lookupTargetOf={lookupTargetOf}
      onPrint={onPrint}
    />
  );
}
