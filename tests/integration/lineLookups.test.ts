/**
 * The lines grid's display texts of lookup cells (renderers/form/lines/lineLookup.ts) against the
 * real server: the ids the grid asks for while drawing (one cell at a time) are fetched together,
 * ID_BATCH to a GetList, and the texts are the rows' display fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurePipeline } from '../../runtime/http/pipeline';
import { login } from '../../runtime/auth/session';
import { clearTokens } from '../../runtime/auth/tokens';
import { closeChannel } from '../../runtime/channel';
import { createEntityClient } from '../../runtime/meta/entityClient';
import type { EntityClient } from '../../runtime/entity/types';
import { createLineLookups, ID_BATCH } from '../../renderers/form/lines/lineLookup';
import { PASSWORD, startRealServer, type RealServer } from './realServer';

let server: RealServer;

beforeAll(async () => {
  server = await startRealServer();
  configurePipeline({ baseURL: server.url });
  await login('staff', PASSWORD, false);
});
afterAll(async () => {
  clearTokens();
  closeChannel();
  await server?.stop();
});

const item = { entity: 'inventory.item', displayField: 'name' };

/** The real client of an entity, counting the GetList requests sent through it. */
function counting() {
  const requests: unknown[] = [];
  const clientFor = (key: string): Pick<EntityClient, 'getList'> => {
    const [module = '', name = ''] = key.split('.');
    const real = createEntityClient({ module, name });
    return {
      getList: (request) => {
        requests.push(request);
        return real.getList(request);
      },
    };
  };
  return { clientFor, requests };
}

describe('display texts of lookup cells', () => {
  it('fetches the ids asked for one at a time in one task together, ten to a GetList', async () => {
    const all = await createEntityClient({ module: 'inventory', name: 'item' }).getList({
      startRow: 0,
      endRow: 12,
      sortModel: [{ colId: 'id', sort: 'asc' }],
    });
    // the demo's items (4 or 24 by the demo volume) and ten ids no item has
    expect(all.rows.length).toBeGreaterThan(1);
    const missing = Array.from({ length: 10 }, (_, i) => 999_990 + i);
    const asked = all.rows.length + missing.length;
    const { clientFor, requests } = counting();
    let loadedCalls = 0;
    let answered: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (answered = resolve));
    // texts in English digits here: the item's name as stored (no code field on this lookup)
    const lookups = createLineLookups(
      clientFor,
      () => {
        loadedCalls++;
        answered();
      },
      'en',
    );
    // as the grid's formatters do: one id per cell, some twice
    for (const row of [...all.rows, ...all.rows.slice(0, 2)]) lookups.load(item, [row.id]);
    for (const id of missing) lookups.load(item, [id]);
    expect(requests).toHaveLength(0); // nothing sent while the grid is still drawing
    await done;
    expect(requests).toHaveLength(Math.ceil(asked / ID_BATCH));
    expect(Math.ceil(asked / ID_BATCH)).toBeGreaterThan(1);
    expect(loadedCalls).toBe(1);
    for (const row of all.rows) expect(lookups.textOf(item, row.id)).toBe(row.name);
    for (const id of missing) expect(lookups.textOf(item, id)).toBeUndefined();

    // asked for already: not fetched again, answered or not
    lookups.load(item, [all.rows[0]!.id, missing[0]!]);
    await Promise.resolve();
    expect(requests).toHaveLength(Math.ceil(asked / ID_BATCH));
  });
});
