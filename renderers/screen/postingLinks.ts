/**
 * Links between a document and its accounting vouchers (docs/accounting.md), pure parts: the route
 * that opens one row of an entity's screen (`/{module}/{name}?open={id}`, read by the entity route),
 * the GetList request of the vouchers a document posted, and a looked-up row's text.
 */
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListRequest } from '../../runtime/shared/envelope';

/** The voucher entity and its fields naming the document it was posted from. */
export const VOUCHER_KEY = 'accounting.voucher';

/** The route opening row `id` of the entity `key` («module.name») on its screen. */
export function openRowRoute(key: string, id: number): string {
  const dot = key.indexOf('.');
  return `/${key.slice(0, dot)}/${key.slice(dot + 1)}?open=${id}`;
}

/** The row id a screen is asked to open (`?open=12`), or null. */
export function openParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('open');
  const id = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The vouchers posted from row `id` of `key`, oldest first (the posting, then its reversal). */
export function postedVouchersRequest(key: string, id: number): ListRequest {
  return {
    startRow: 0,
    endRow: 20,
    sortModel: [{ colId: 'id', sort: 'asc' }],
    filterModel: {
      sourceEntity: { filterType: 'text', type: 'equals', filter: key },
      sourceId: { filterType: 'number', type: 'equals', filter: id },
    },
  };
}

/** A row's text by its display field (its id when empty). */
export function rowText(row: EntityRow | undefined, displayField: string, id: number): string {
  const shown = row?.[displayField];
  return shown === null || shown === undefined || shown === '' ? `#${id}` : String(shown);
}
