/**
 * One asynchronous load owned by a component: the loader runs after mount and again whenever
 * `deps` change or `reload()` is called. An answer that arrives after the component unmounted,
 * after `deps` changed or after a newer reload is dropped, so a slow answer for an old key never
 * overwrites the current one. Data loaded for other `deps` is never returned (a new key shows as
 * loading at once); a reload keeps the current data until its answer arrives.
 *
 * A null loader means "nothing to load now": no request, not loading, no data.
 * Errors are kept in `error` (the HTTP pipeline has usually shown them already), never thrown.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export interface Load<T> {
  /** The answer for the current deps, or undefined while none arrived (or it failed). */
  data: T | undefined;
  /** The failure for the current deps (undefined when the last answer succeeded). */
  error: unknown;
  /** The last answer for the current deps was a failure. */
  failed: boolean;
  /** A load for the current deps (or a reload) is under way. */
  loading: boolean;
  /** Loads again with the same deps; the current data stays until the answer. */
  reload: () => void;
}

interface Answer<T> {
  of: object;
  run: number;
  data: T | undefined;
  error: unknown;
  failed: boolean;
}

export function useLoad<T>(loader: (() => Promise<T>) | null, deps: DependencyList): Load<T> {
  // An identity per distinct deps (compared as useEffect compares them): answers are tagged with
  // it and compared with the current one. A change is stored during render, as React recommends
  // for information from previous renders, so the render that sees new deps already shows no data.
  const [key, setKey] = useState(() => ({ deps, of: {} }));
  let of = key.of;
  if (!sameDeps(key.deps, deps)) {
    of = {};
    setKey({ deps, of });
  }
  const [run, setRun] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const loaderRef = useRef(loader);
  useEffect(() => {
    loaderRef.current = loader;
  });
  const active = loader !== null;

  useEffect(() => {
    const load = loaderRef.current;
    if (!load) return;
    let current = true;
    load().then(
      (data) => current && setAnswer({ of, run, data, error: undefined, failed: false }),
      (error: unknown) => current && setAnswer({ of, run, data: undefined, error, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [of, run, active]);

  const reload = useCallback(() => setRun((r) => r + 1), []);
  const mine = answer !== null && answer.of === of ? answer : null;
  return {
    data: active ? mine?.data : undefined,
    error: active ? mine?.error : undefined,
    failed: active && mine !== null && mine.failed,
    loading: active && (mine === null || mine.run !== run),
    reload,
  };
}

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
