/**
 * EntityClient (runtime/entity/types.ts) over the pipeline: {Module}/{Entity}/{Action}, one method
 * per action of runtime/shared/entityActions.ts, with that action's request and answer types.
 */
import { apiPath, type EntityDefinition } from '../shared/definition';
import type { EntityActionName, EntityActionWire, EntityClientMethod } from '../shared/entityActions';
import type { EntityClient } from '../entity/types';
import { api } from '../http/pipeline';

/** True when A and B are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The client's methods are exactly the actions' names: an action without a method fails here. */
const METHODS_ARE_ACTIONS: Same<keyof EntityClient, EntityClientMethod> = true;
void METHODS_ARE_ACTIONS;

type Request<A extends EntityActionName> = EntityActionWire[A]['request'];
type Answer<A extends EntityActionName> = EntityActionWire[A]['answer'];

export function createEntityClient(definition: Pick<EntityDefinition, 'module' | 'name'>): EntityClient {
  const base = apiPath(definition);
  const call = <A extends EntityActionName>(action: A, body: Request<A>) =>
    api.post<Answer<A>>(`${base}/${action}`, body);
  const client: {
    [A in EntityActionName as EntityClientMethod<A>]-?: NonNullable<EntityClient[EntityClientMethod<A>]>;
  } = {
    getList: (request) => call('GetList', request),
    get: (id) => call('Get', { id }),
    print: (id) => call('Print', { id }),
    create: (values) => call('Create', { values }),
    update: (id, version, values) => call('Update', { id, version, values }),
    delete: async (id, version) => {
      await call('Delete', { id, version });
    },
    export: async (format, request) => {
      const body: Request<'Export'> = {
        format,
        sortModel: request.sortModel ?? [],
        filterModel: request.filterModel ?? {},
        ...(request.q ? { q: request.q } : {}),
        ...(request.ids ? { ids: request.ids } : {}),
      };
      const response = await api.raw<Answer<'Export'>>('POST', `${base}/Export`, body, {
        responseType: 'blob',
      });
      return response._data as Answer<'Export'>;
    },
    getAudit: (id) => call('GetAudit', { id }),
    // silent: a half-filled form's preview is refused quietly (the save shows the messages)
    preview: (values, row) =>
      api.post<Answer<'Preview'>>(`${base}/Preview`, { ...row, values } satisfies Request<'Preview'>, {
        silent: true,
      }),
    finalise: (id, version) => call('Finalise', { id, version }),
    cancel: (id, version, reason) => call('Cancel', { id, version, reason }),
    amend: (id) => call('Amend', { id }),
    createFrom: (source) => call('CreateFrom', { source }),
  };
  return client;
}
