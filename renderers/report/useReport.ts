/**
 * The report screen's controller: the definition (Report/Definition/Get), the parameters being
 * edited (defaults filled: a date range's "period" is the fiscal period selected in the shell),
 * the run (Report/Definition/Run) of the parameters in the URL's query, the XLSX export and the
 * drill-downs. The query is the truth of what is shown: Run writes the edited parameters there
 * (a new history entry when they changed), and a query changed by back, forward or a drill-down
 * is shown and run again; a report opened without one runs with its defaults when every required
 * parameter has one. Failures are shown by the pipeline (a refused parameter is named there).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ReportDefinitionClient } from '../../runtime/report/definitionClient';
import type { Lang } from '../../runtime/shared/definition';
import type {
  ReportColumn,
  ReportDefinition,
  ReportParam,
  ReportResult,
  ReportValue,
} from '../../runtime/shared/reportDefinition';
import { todayIso } from '../../runtime/shared/jalali';
import { useLoad } from '../hooks/useLoad';
import { downloadBlob, exportFileName } from '../screen/download';
import { visibleColumns } from './reportColumns';
import { drillPath } from './reportDrill';
import {
  defaultValues,
  fromQuery,
  paramProblems,
  runParams,
  toQuery,
  type ParamValues,
  type PeriodRange,
} from './reportParams';

export interface UseReportOptions {
  /** "module.name" of the report definition. */
  report: string;
  lang: Lang;
  client: ReportDefinitionClient;
  /** The URL's query (without `?`). */
  query: string;
  /** Writes the URL's query: a new history entry, or in place (`replace`). */
  setQuery: (query: string, options: { replace: boolean }) => void;
  /** Goes to a path of the app (a drill-down). */
  navigate: (path: string) => void;
  /** The fiscal period selected in the shell (a "period" default), or null. */
  period: PeriodRange | null;
  /** Today as ISO (a "today" default); default the device's date. */
  today?: string;
  /** Saves the exported file (default: a download, renderers/screen/download.ts). */
  download?: (blob: Blob, fileName: string) => void;
}

export type ParamProblem = ReturnType<typeof paramProblems>[number];

export interface ReportController {
  definition: ReportDefinition | undefined;
  /** The definition could not be loaded (unknown report, no permission: the pipeline said why). */
  definitionFailed: boolean;
  /** The parameters being edited. */
  values: ParamValues;
  setValue: (name: string, value: unknown) => void;
  /** What stops a run of the edited parameters (shown once Run was pressed). */
  problems: ParamProblem[];
  /** Run was pressed with problems: the view lists them. */
  showProblems: boolean;
  /** Runs the edited parameters (writes them to the query). */
  run: () => void;
  running: boolean;
  result: ReportResult | undefined;
  /** The last run failed (the pipeline has shown the error). */
  runFailed: boolean;
  /** The parameters of the report shown (as the server applied them when it has answered). */
  shownParams: Record<string, unknown>;
  /** The columns shown for `shownParams` (visibleWhen). */
  columns: ReportColumn[];
  /** Where a figure drills down to, or null. */
  drillTarget: (column: ReportColumn, row: Record<string, ReportValue>) => string | null;
  drill: (column: ReportColumn, row: Record<string, ReportValue>) => void;
  exporting: boolean;
  /** Downloads the report shown as XLSX. */
  exportXlsx: () => Promise<void>;
}

const NO_PARAMS: readonly ReportParam[] = [];

export function useReport(options: UseReportOptions): ReportController {
  const { report, lang, client, query, setQuery, navigate, period } = options;
  const today = options.today ?? todayIso();
  const download = options.download ?? downloadBlob;

  const definitionLoad = useLoad(() => client.definition(report), [client, report, lang]);
  const definition = definitionLoad.data;
  const params = definition?.params ?? NO_PARAMS;

  const periodFrom = period?.from;
  const periodTo = period?.to;
  const defaults = useMemo(
    () => defaultValues(params, { from: periodFrom, to: periodTo }, today),
    [params, periodFrom, periodTo, today],
  );
  // what the query asks for (over the defaults), and its canonical query: the key of a run
  const applied = useMemo(() => fromQuery(params, query, defaults), [params, query, defaults]);
  const appliedQuery = useMemo(() => toQuery(params, applied), [params, applied]);
  const appliedParams = useMemo(() => runParams(params, applied), [params, applied]);
  const runnable = !!definition && paramProblems(params, applied).length === 0;

  const runLoad = useLoad(runnable ? () => client.run({ report, params: appliedParams }) : null, [
    client,
    report,
    definition,
    appliedQuery,
    lang,
    runnable,
  ]);

  // the edited values follow what is shown whenever that changes (a run, back, forward)
  const shownKey = definition ? `${report}?${appliedQuery}` : '';
  const [draft, setDraft] = useState<{ key: string; values: ParamValues }>({ key: '', values: {} });
  let values = draft.values;
  if (draft.key !== shownKey) {
    values = applied;
    setDraft({ key: shownKey, values });
  }
  const [showProblems, setShowProblems] = useState(false);
  const problems = useMemo(() => paramProblems(params, values), [params, values]);

  const setValue = useCallback(
    (name: string, value: unknown) => {
      setDraft((d) => ({ key: d.key, values: { ...d.values, [name]: value } }));
      setShowProblems(false);
    },
    [setDraft],
  );

  const { reload } = runLoad;
  const run = useCallback(() => {
    if (!definition) return;
    if (problems.length > 0) {
      setShowProblems(true);
      return;
    }
    const next = toQuery(params, values);
    if (next === appliedQuery) {
      // the same report again (fresh figures); the query keeps what runs
      if (query !== next) setQuery(next, { replace: true });
      reload();
    } else setQuery(next, { replace: false });
  }, [definition, problems, params, values, appliedQuery, query, setQuery, reload]);

  const result = runLoad.data;
  const shownParams = useMemo(
    () => ({ ...appliedParams, ...(result?.params ?? {}) }),
    [appliedParams, result],
  );
  const columns = useMemo(
    () => visibleColumns(definition?.columns ?? [], shownParams),
    [definition, shownParams],
  );
  const drillTarget = useCallback(
    (column: ReportColumn, row: Record<string, ReportValue>) =>
      drillPath(column.drill, { row, params: shownParams }),
    [shownParams],
  );
  const drill = useCallback(
    (column: ReportColumn, row: Record<string, ReportValue>) => {
      const path = drillTarget(column, row);
      if (path) navigate(path);
    },
    [drillTarget, navigate],
  );

  const [exporting, setExporting] = useState(false);
  const exportXlsx = useCallback(async () => {
    if (!definition || !runnable) return;
    setExporting(true);
    try {
      const blob = await client.export({ report, params: appliedParams });
      download(blob, exportFileName(definition, lang, 'xlsx'));
    } catch {
      // the pipeline has shown the error
    } finally {
      setExporting(false);
    }
  }, [definition, runnable, client, report, appliedParams, download, lang]);

  return {
    definition,
    definitionFailed: definitionLoad.failed,
    values,
    setValue,
    problems,
    showProblems,
    run,
    running: runLoad.loading,
    result,
    runFailed: runLoad.failed,
    shownParams,
    columns,
    drillTarget,
    drill,
    exporting,
    exportXlsx,
  };
}
