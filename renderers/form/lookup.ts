/**
 * Lookup search (pure part of the lookup widget): the GetList request for the text typed, and a
 * debounced search that drops stale answers. The server applies the looked-up entity's
 * permissions and row scope; nothing is filtered here.
 */
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListRequest } from '../../runtime/shared/envelope';
import { loadPermissions } from '../../runtime/meta/loaders';
import { MODULES } from '../../runtime/shared/modules';

export const LOOKUP_PAGE = 20;
export const LOOKUP_DELAY_MS = 250;

export interface LookupTarget {
  /** 'module.name' of the looked-up entity. */
  entity: string;
  displayField: string;
}

export function lookupRequest(displayField: string, text: string, size = LOOKUP_PAGE): ListRequest {
  const filter = text.trim();
  return {
    startRow: 0,
    endRow: size,
    sortModel: [{ colId: displayField, sort: 'asc' }],
    ...(filter ? { filterModel: { [displayField]: { filterType: 'text', type: 'contains', filter } } } : {}),
  };
}

export interface LookupOption {
  id: number;
  text: string;
}

export function toOption(row: EntityRow, displayField: string): LookupOption {
  const text = row[displayField];
  return { id: row.id, text: text == null ? String(row.id) : String(text) };
}

/**
 * Debounced search: each call cancels the pending one; only the latest answer is delivered.
 * Failures deliver an empty list (the pipeline has already shown the error).
 */
export function createLookupSearch(
  client: Pick<EntityClient, 'getList'>,
  displayField: string,
  deliver: (options: LookupOption[], text: string) => void,
  delayMs = LOOKUP_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const run = async (text: string, ticket: number) => {
    let options: LookupOption[] = [];
    try {
      const page = await client.getList(lookupRequest(displayField, text));
      options = page.rows.map((r) => toOption(r, displayField));
    } catch {
      options = [];
    }
    if (ticket === latest) deliver(options, text);
  };
  return {
    search(text: string): void {
      clearTimeout(timer);
      const ticket = ++latest;
      timer = setTimeout(() => void run(text, ticket), delayMs);
    },
    cancel(): void {
      clearTimeout(timer);
      latest++;
    },
  };
}

/** 'sales.customer' -> { module: 'sales', name: 'customer' }. */
export function splitEntityKey(key: string): { module: string; name: string } {
  const dot = key.indexOf('.');
  return { module: key.slice(0, dot), name: key.slice(dot + 1) };
}

/**
 * Whether the user may read the looked-up entity («module.name»), from its cached permissions: a
 * lookup of an entity the user may not read asks no Get or GetList the server would refuse (403
 * in the console); its ids show as they are. An entity outside the server's modules (the form
 * warm-up's in-memory one) is not asked about.
 */
export function mayLookUp(entityKey: string): Promise<boolean> {
  const dot = entityKey.indexOf('.');
  if (!(MODULES as readonly string[]).includes(entityKey.slice(0, dot))) return Promise.resolve(true);
  return loadPermissions(entityKey.slice(0, dot), entityKey.slice(dot + 1)).then(
    (p) => p.view,
    () => true, // permissions unknown: ask as before (the pipeline reports a refusal)
  );
}
