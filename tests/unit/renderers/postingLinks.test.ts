/** Links between documents and their vouchers (renderers/screen/postingLinks.ts): routes and requests. */
import { describe, expect, it } from 'vitest';
import {
  openParam,
  openRowRoute,
  postedVouchersRequest,
  rowText,
} from '../../../renderers/screen/postingLinks';

describe('posting links', () => {
  it('opens a row of an entity by a route the entity screen reads back', () => {
    expect(openRowRoute('sales.invoice', 12)).toBe('/sales/invoice?open=12');
    expect(openRowRoute('supplyChain.goodsReceipt', 3)).toBe('/supplyChain/goodsReceipt?open=3');
    expect(openParam('?open=12')).toBe(12);
    expect(openParam('?q=x&open=7')).toBe(7);
    for (const bad of ['', '?open=', '?open=0', '?open=-3', '?open=1.5', '?open=abc', '?open=99999999999'])
      expect(openParam(bad), bad).toBeNull();
  });

  it('asks the vouchers of one document, oldest first', () => {
    expect(postedVouchersRequest('sales.invoice', 5)).toEqual({
      startRow: 0,
      endRow: 20,
      sortModel: [{ colId: 'id', sort: 'asc' }],
      filterModel: {
        sourceEntity: { filterType: 'text', type: 'equals', filter: 'sales.invoice' },
        sourceId: { filterType: 'number', type: 'equals', filter: 5 },
      },
    });
  });

  it('names a row by its display field, else its id', () => {
    expect(rowText({ id: 4, version: 1, number: 'V-1405-000004' }, 'number', 4)).toBe('V-1405-000004');
    expect(rowText(undefined, 'number', 4)).toBe('#4');
    expect(rowText({ id: 4, version: 1, number: '' }, 'number', 4)).toBe('#4');
  });
});
