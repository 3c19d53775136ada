/**
 * useLoad (renderers/hooks/useLoad.ts): the one hook every screen loads through. An answer for old
 * deps or after unmount is dropped, an error is kept, reload loads again keeping the data, a null
 * loader asks nothing.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoad } from '../../../renderers/hooks/useLoad';

afterEach(cleanup);

/** A promise with its resolve and reject in hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('loads on mount and reports loading until the answer', async () => {
    const d = deferred<string>();
    const { result } = renderHook(() => useLoad(() => d.promise, []));
    expect(result.current).toMatchObject({ data: undefined, error: undefined, loading: true });
    await act(async () => d.resolve('A'));
    expect(result.current).toMatchObject({ data: 'A', error: undefined, failed: false, loading: false });
  });

  it('drops the answer for old deps when it arrives after the new one', async () => {
    const asked: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useLoad(() => asked[key]!.promise, [key]), {
      initialProps: { key: 'a' },
    });
    rerender({ key: 'b' });
    expect(result.current.loading).toBe(true);
    await act(async () => asked.b!.resolve('B'));
    expect(result.current.data).toBe('B');
    await act(async () => asked.a!.resolve('A'));
    expect(result.current).toMatchObject({ data: 'B', loading: false });
  });

  it('never returns the data of other deps: a new key shows as loading at once', async () => {
    const { result, rerender } = renderHook(({ key }) => useLoad(() => Promise.resolve(key), [key]), {
      initialProps: { key: 'a' },
    });
    await waitFor(() => expect(result.current.data).toBe('a'));
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await waitFor(() => expect(result.current.data).toBe('b'));
  });

  it('drops an answer that arrives after unmount', async () => {
    const d = deferred<string>();
    const seen = vi.fn();
    const { unmount } = renderHook(() => seen(useLoad(() => d.promise, []).data));
    unmount();
    await act(async () => d.resolve('late'));
    expect(seen).not.toHaveBeenCalledWith('late');
  });

  it('keeps the error and reports no data', async () => {
    const failure = new Error('down');
    const { result } = renderHook(() => useLoad(() => Promise.reject(failure), []));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: undefined, error: failure, failed: true });
  });

  it('reload asks again, keeping the current data until the new answer', async () => {
    let n = 0;
    const next = deferred<number>();
    const loader = vi.fn(() => (++n === 1 ? Promise.resolve(1) : next.promise));
    const { result } = renderHook(() => useLoad(loader, []));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 1, loading: true });
    expect(loader).toHaveBeenCalledTimes(2);
    await act(async () => next.resolve(2));
    expect(result.current).toMatchObject({ data: 2, loading: false });
  });

  it('a reload answered after a newer reload is dropped', async () => {
    const answers = [deferred<number>(), deferred<number>(), deferred<number>()];
    let n = 0;
    const { result } = renderHook(() => useLoad(() => answers[n++]!.promise, []));
    act(() => result.current.reload());
    act(() => result.current.reload());
    await act(async () => answers[2]!.resolve(3));
    await act(async () => answers[1]!.resolve(2));
    await act(async () => answers[0]!.resolve(1));
    expect(result.current).toMatchObject({ data: 3, loading: false });
  });

  it('a null loader asks nothing and is not loading', () => {
    const { result } = renderHook(() => useLoad<string>(null, []));
    expect(result.current).toMatchObject({ data: undefined, error: undefined, loading: false });
  });
});
