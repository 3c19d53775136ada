/** Cross-tab messages on the 'update' channel. */
import { afterAll, describe, expect, it } from 'vitest';
import { closeChannel, listenChannel } from '../../../runtime/channel';

afterAll(() => closeChannel());

describe('cross-tab channel', () => {
  it("'reload' and 'logout' from another tab reach their handlers; other messages are ignored", async () => {
    const got: string[] = [];
    const stop = listenChannel({ reload: () => got.push('reload'), logout: () => got.push('logout') });
    const other = new BroadcastChannel('update');
    other.postMessage('logout');
    other.postMessage('something');
    other.postMessage('reload');
    await expect.poll(() => got.length).toBe(2);
    expect(got).toEqual(['logout', 'reload']);
    stop();
    other.close();
  });
});
