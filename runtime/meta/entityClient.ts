/** EntityClient (runtime/entity/types.ts) over the pipeline: {Module}/{Entity}/{Action}. */
import { apiPath, type EntityDefinition, type EntityRow } from '../shared/definition';
import type { ListPage, ListRequest } from '../shared/envelope';
import type { EntityClient, EntityValues, ExportFormat, ExportRequest } from '../entity/types';
import { api } from '../http/pipeline';
import type { AuditEntry } from '../shared/reports';

export function createEntityClient(definition: Pick<EntityDefinition, 'module' | 'name'>): EntityClient {
  const base = apiPath(definition);
  return {
    getList: (request: ListRequest) => api.post<ListPage<EntityRow>>(`${base}/GetList`, request),
    get: (id: number) => api.post<EntityRow>(`${base}/Get`, { id }),
    print: (id: number) => api.post<EntityRow>(`${base}/Print`, { id }),
    create: (values: EntityValues) => api.post<EntityRow>(`${base}/Create`, { values }),
    update: (id: number, version: number, values: EntityValues) =>
      api.post<EntityRow>(`${base}/Update`, { id, version, values }),
    delete: async (id: number, version: number) => {
      await api.post<unknown>(`${base}/Delete`, { id, version });
    },
    export: async (format: ExportFormat, request: ExportRequest) => {
      const body = { format, sortModel: request.sortModel ?? [], filterModel: request.filterModel ?? {} };
      const response = await api.raw<Blob>('POST', `${base}/Export`, body, { responseType: 'blob' });
      return response._data as Blob;
    },
    getAudit: (id: number) => api.post<AuditEntry[]>(`${base}/GetAudit`, { id }),
  };
}
