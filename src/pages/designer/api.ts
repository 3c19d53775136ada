/** The designer's calls (docs/lowcode-api.md), over the one request pipeline. */
import type { Plan } from '../../../renderers/designer';
import { ApiError } from '../../../runtime/http/ApiError';
import { handleFailure } from '../../../runtime/http/catalogue';
import { api, resolveUrl } from '../../../runtime/http/pipeline';
import type { AutomationChoices } from '../../../runtime/shared/automationCheck';
import type { EntityDefinition, LocalText } from '../../../runtime/shared/definition';
import type { ServerMessage } from '../../../runtime/shared/envelope';

export interface DesignerEntry {
  key: string;
  module: string;
  name: string;
  title: string | LocalText;
  source: 'file' | 'database';
  version: number;
  publishedAt?: string;
  displayField?: string;
}

export interface VersionEntry {
  version: number;
  publishedAt: string;
  /** The publisher's user id (null: the system, e.g. a seeder). */
  publishedBy: number | null;
  /** The publisher's display name (null: unknown or the system). */
  publishedByName?: string | null;
  comment?: string | null;
}

export interface StoredDefinition {
  definition: EntityDefinition;
  source: 'file' | 'database';
  version: number;
  versions: VersionEntry[];
}

/** A 417 kept for the page to show inline: field messages by JSON path, business messages. */
export class DraftRefused extends Error {
  constructor(
    readonly fields: ServerMessage[],
    readonly business: string[],
  ) {
    super('draft refused');
  }
}

/** A call whose 417 is shown by the page; every other failure goes through the catalogue. */
async function inline<T>(path: string, body: unknown): Promise<T> {
  try {
    return await api.post<T>(path, body, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 417) {
      const data = err.envelope?.Data as { BusinessErrors?: unknown } | null | undefined;
      const list = Array.isArray(data?.BusinessErrors) ? (data.BusinessErrors as unknown[]).map(String) : [];
      throw new DraftRefused(err.envelope?.ServerMessageTexts ?? [], list);
    }
    if (err instanceof ApiError)
      handleFailure({
        status: err.status,
        url: resolveUrl(path),
        envelope: err.envelope,
        body: err.body,
        binaryText: null,
      });
    throw err;
  }
}

export const designerApi = {
  list: () => api.post<DesignerEntry[]>('SystemConfig/Designer/List', {}),
  get: (key: string) => api.post<StoredDefinition>('SystemConfig/Designer/Get', { key }),
  schema: () => api.post<unknown>('SystemConfig/Designer/Schema', {}),
  /** Silent about a refused draft (the preview plans while the analyst types). */
  plan: (definition: EntityDefinition) => inline<Plan>('SystemConfig/Designer/Plan', { definition }),
  publish: (definition: EntityDefinition, comment: string, acceptBreaking: boolean) =>
    inline<{ key: string; version: number }>('SystemConfig/Designer/Publish', {
      definition,
      comment: comment || undefined,
      acceptBreaking: acceptBreaking || undefined,
    }),
  /** Roles, staff users and webhook endpoint names for the automations tab (names only). */
  automationChoices: () => api.post<AutomationChoices>('SystemConfig/Designer/AutomationChoices', {}),
  rollback: (key: string, version: number) =>
    api.post<{ key: string; version: number }>('SystemConfig/Designer/Rollback', { key, version }),
};
