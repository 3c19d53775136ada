/**
 * The generated screens' route module, loaded by the router on a click and ahead of it by the
 * shell when the browser is idle (src/prefetch.ts): one import, so both load the same chunks.
 */
export const loadEntityRoute = () => import('./pages/EntityRoute');
