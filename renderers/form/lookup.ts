/**
 * Lookup search (pure part of the lookup widget, the lines cell editor and the grid's lookup
 * filter): the GetList request for the text typed (a `search` over the lookup's code, display and
 * search fields, runtime/shared/lookup.ts), the options as shown («۱۰۰۲ — پیچ M8»), and a debounced
 * search that drops stale answers. The server applies the looked-up entity's permissions and row
 * scope; nothing is filtered here.
 */
import type { EntityClient } from '../../runtime/entity/types';
import type { EntityRow, Lang, LookupSpec } from '../../runtime/shared/definition';
import type { ListRequest } from '../../runtime/shared/envelope';
import { displayValue } from '../../runtime/shared/fieldKind';
import { lookupHint, lookupRowText, lookupSearchFields, searchText } from '../../runtime/shared/lookup';
import { loadPermissions } from '../../runtime/meta/loaders';
import { MODULES } from '../../runtime/shared/modules';

export const LOOKUP_PAGE = 20;
export const LOOKUP_DELAY_MS = 250;

/** A lookup field's target, as the definition declares it. */
export type LookupTarget = LookupSpec;

export function lookupRequest(target: LookupTarget, text: string, size = LOOKUP_PAGE): ListRequest {
  const wanted = searchText(text);
  return {
    startRow: 0,
    endRow: size,
    sortModel: [{ colId: target.displayField, sort: 'asc' }],
    ...(wanted ? { search: { text: wanted, fields: lookupSearchFields(target) } } : {}),
    // the rows the definition offers (e.g. only active subsidiary accounts); the server checks the pick
    ...(target.filter ? { filterModel: target.filter } : {}),
  };
}

export interface LookupOption {
  id: number;
  /** As shown: code — name, digits of `lang`. */
  text: string;
  /** The row found (fills read its fields); absent for an option known by its text only. */
  row?: EntityRow;
  /** Shown after the text in a list of options, not in the input (LookupSpec.showFields). */
  hint?: string;
}

export function toOption(row: EntityRow, target: LookupTarget, lang: Lang): LookupOption {
  const text = displayValue('lookup', row.id, lang, {}, { lookupText: lookupRowText(row, target) });
  const hint = lookupHint(row, target, lang);
  return hint ? { id: row.id, text, row, hint } : { id: row.id, text, row };
}

/**
 * Debounced search: each call cancels the pending one; only the latest answer is delivered.
 * Failures deliver an empty list (the pipeline has already shown the error).
 */
export function createLookupSearch(
  client: Pick<EntityClient, 'getList'>,
  target: LookupTarget,
  lang: Lang,
  deliver: (options: LookupOption[], text: string) => void,
  delayMs = LOOKUP_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const run = async (text: string, ticket: number) => {
    let options: LookupOption[] = [];
    try {
      const page = await client.getList(lookupRequest(target, text));
      options = page.rows.map((r) => toOption(r, target, lang));
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

/** Searches of lookup targets through `clientFor` (the grid's lookup filters), options as shown in `lang`. */
export function lookupSearchFor(
  clientFor: (entityKey: string) => Pick<EntityClient, 'getList'>,
  lang: Lang,
): (target: LookupTarget) => (text: string) => Promise<LookupOption[]> {
  return (target) => async (text) => {
    const page = await clientFor(target.entity).getList(lookupRequest(target, text));
    return page.rows.map((r) => toOption(r, target, lang));
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
