/**
 * Calls of the report definitions API (docs/api.md, Reports; runtime/shared/reportDefinition.ts)
 * through the one pipeline: the definition of a report, a run, and its XLSX file. Failures go
 * through the error catalogue (a parameter refused names it) and reject with ApiError.
 */
import type { ReportDefinition, ReportResult, ReportRunRequest } from '../shared/reportDefinition';
import { api } from '../http/pipeline';

/** What the report screen (renderers/report) needs from the server. */
export interface ReportDefinitionClient {
  /** The definition of "module.name" (labels in the request language). */
  definition(report: string): Promise<ReportDefinition>;
  run(request: ReportRunRequest): Promise<ReportResult>;
  /** The report as an XLSX file (the same parameters as a run). */
  export(request: ReportRunRequest): Promise<Blob>;
}

export const reportDefinitionClient: ReportDefinitionClient = {
  definition: (report) => api.post<ReportDefinition>('Report/Definition/Get', { report }),
  run: (request) => api.post<ReportResult>('Report/Definition/Run', request),
  export: async (request) => {
    const response = await api.raw<Blob>('POST', 'Report/Definition/Export', request, {
      responseType: 'blob',
    });
    return response._data as Blob;
  },
};
