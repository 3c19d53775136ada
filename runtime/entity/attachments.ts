/**
 * What the attachments widget needs from the server for one attachments field
 * (server/attachments/routes.ts); implemented over the pipeline by createAttachmentsClient.
 */
import type { AttachmentInfo } from '../shared/attachments';
import { apiPath, type EntityDefinition } from '../shared/definition';
import { api } from '../http/pipeline';

export interface AttachmentsClient {
  upload(file: File): Promise<AttachmentInfo>;
  /** Names and sizes of these ids (those the user may read). */
  list(ids: number[]): Promise<AttachmentInfo[]>;
  download(id: number): Promise<Blob>;
}

export type EntityRef = Pick<EntityDefinition, 'module' | 'name'>;

export type AttachmentsClientFactory = (entity: EntityRef, field: string) => AttachmentsClient;

export const createAttachmentsClient: AttachmentsClientFactory = (entity, field) => ({
  upload: (file) =>
    api.post<AttachmentInfo>(`Attachments/Upload/${apiPath(entity)}/${field}`, file, {
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        ...(file.type ? { 'x-file-type': file.type } : {}),
      },
    }),
  list: (ids) =>
    api.post<AttachmentInfo[]>('Attachments/List', { module: entity.module, name: entity.name, field, ids }),
  download: async (id) =>
    (await api.raw<Blob>('GET', `Attachments/Download/${id}`, undefined, { responseType: 'blob' }))
      ._data as Blob,
});
