import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLookupSearch, lookupRequest, splitEntityKey } from '../../../renderers/form/lookup';
import type { EntityRow } from '../../../runtime/shared/definition';
import type { ListRequest } from '../../../runtime/shared/envelope';

describe('lookup search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const target = { entity: 'sales.customer', displayField: 'name' };

  it('asks GetList to search the display, code and search fields, sorted by the display field', () => {
    expect(lookupRequest(target, ' تهران ')).toEqual({
      startRow: 0,
      endRow: 20,
      sortModel: [{ colId: 'name', sort: 'asc' }],
      search: { text: 'تهران', fields: ['name'] },
    });
    const coded = { ...target, codeField: 'code', searchFields: ['mobile', 'name'] };
    // digits typed in Persian are searched as Latin ones; the fields once each
    expect(lookupRequest(coded, '۱۰۲').search).toEqual({ text: '102', fields: ['name', 'code', 'mobile'] });
    expect(lookupRequest(target, '')).not.toHaveProperty('search');
    expect(lookupRequest(target, '')).not.toHaveProperty('filterModel');
    expect(splitEntityKey('sales.customer')).toEqual({ module: 'sales', name: 'customer' });
  });

  it('waits 250 ms after the last keystroke and delivers only the latest answer', async () => {
    const requests: ListRequest[] = [];
    const client = {
      getList: async (r: ListRequest) => {
        requests.push(r);
        const filter = r.search?.text ?? '';
        return { rows: [{ id: filter.length, version: 1, name: `r-${filter}` } as EntityRow], lastRow: 1 };
      },
    };
    const delivered: string[][] = [];
    const search = createLookupSearch(client, target, 'en', (o) => delivered.push(o.map((x) => x.text)));
    search.search('a');
    await vi.advanceTimersByTimeAsync(100);
    search.search('ab');
    await vi.advanceTimersByTimeAsync(249);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(delivered).toEqual([['r-ab']]);
  });

  it('drops a slow answer overtaken by a newer search, and delivers [] on failure', async () => {
    let release: (() => void) | null = null;
    const client = {
      getList: (r: ListRequest) => {
        const filter = r.search?.text ?? '';
        if (filter === 'slow')
          return new Promise<never>((_, reject) => (release = () => reject(new Error('late'))));
        return Promise.resolve({ rows: [{ id: 1, version: 1, name: filter } as EntityRow], lastRow: 1 });
      },
    };
    const delivered: string[][] = [];
    const search = createLookupSearch(client, target, 'en', (o) => delivered.push(o.map((x) => x.text)));
    search.search('slow');
    await vi.advanceTimersByTimeAsync(250);
    search.search('fast');
    await vi.advanceTimersByTimeAsync(250);
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual([['fast']]);
    search.search('slow');
    await vi.advanceTimersByTimeAsync(250);
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered.at(-1)).toEqual([]);
  });
});
