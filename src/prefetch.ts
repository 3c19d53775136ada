/**
 * What the shell loads ahead of a user's click on a menu entry (docs/performance.md, the grid bench).
 * - The generated screens' chunks (the grid: AG Grid, its CSS, the screen): once, when the browser
 *   is first idle after the shell has drawn, if the menu has a generated screen at all. The same
 *   import as the route's (src/screens.ts), so the click finds the modules evaluated; the login
 *   route does not load this file (the shell does).
 * - An entity's definition and permissions, on hover or focus of its menu link (and at the start
 *   of a navigation to it, beside the route's chunks: src/loaders.ts), into the runtime's caches
 *   (runtime/meta/loaders.ts): the requests the screen would send, only for an entry the menu
 *   shows.
 * - A warm-up of the grid's code: once the chunks have loaded and the browser is idle again, a hidden
 *   grid with an in-memory definition and rows is drawn once and removed (renderers/grid/warmUp.tsx),
 *   so the first click does not wait for V8 to compile AG Grid's and our grid code. Once per page
 *   load, skipped when a generated screen is already shown; no request.
 * Every prefetch is silent: a failure shows nothing (the click then loads, and reports, as usual).
 */
import type { MenuItem } from '../runtime/menu/menu';
import { prefetchEntityMeta } from '../runtime/meta/loaders';
import { segments } from '../runtime/guards';
import { loadEntityRoute } from './screens';
import { whenIdle } from '../runtime/idle';

/** `load` started at most once, its failure (thrown or rejected) swallowed. */
export function prefetchOnce(load: () => Promise<unknown>): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    Promise.resolve()
      .then(load)
      .catch(() => undefined);
  };
}

/** The grid's header is the first text in Vazirmatn Medium (500): its file loads with the chunks. */
function loadGridFont(): Promise<unknown> {
  return typeof document !== 'undefined' && document.fonts
    ? document.fonts.load('500 1em Vazirmatn')
    : Promise.resolve();
}

/** Loads the generated screens' chunks and the grid's font (once). */
export const prefetchEntityScreen = prefetchOnce(() => Promise.all([loadEntityRoute(), loadGridFont()]));

/** True when the menu links to a generated screen (an item with an entity). */
export function menuHasEntity(menu: readonly MenuItem[]): boolean {
  return menu.some((item) => !!item.entity || menuHasEntity(item.children ?? []));
}

/** True when the page shows a generated screen (or is on its way to one): no warm-up then. */
function onEntityScreen(menu: readonly MenuItem[]): boolean {
  return (
    typeof location === 'undefined' ||
    !!menuEntityAt(menu, location.pathname) ||
    (typeof document !== 'undefined' && document.querySelector('.ag-root') !== null)
  );
}

/** Set when the warm-up was scheduled: once per page load. */
let warmUpStarted = false;

/**
 * Once per page load: after the screens' chunks have loaded, when the browser is idle again and no
 * generated screen is shown, their hidden warm-up grid (drawn and removed). Silent; a cancel that
 * stops it before it starts drawing.
 */
export function warmUpWhenIdle(
  menu: readonly MenuItem[],
  load: () => Promise<{ warmUpGrid: () => Promise<void> }> = loadEntityRoute,
): () => void {
  if (warmUpStarted) return () => undefined;
  warmUpStarted = true;
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  Promise.resolve()
    .then(load)
    .then(
      (screens) =>
        new Promise<void>((resolve) => {
          if (cancelled) return resolve();
          cancelIdle = whenIdle(() => {
            if (cancelled || onEntityScreen(menu)) return resolve();
            Promise.resolve()
              .then(() => screens.warmUpGrid())
              .then(resolve, resolve);
          });
        }),
    )
    .catch(() => undefined);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/**
 * The generated screens' chunks when the browser is next idle, if the menu has one, then the grid's
 * warm-up (warmUpWhenIdle); a cancel.
 */
export function prefetchScreensWhenIdle(
  menu: readonly MenuItem[],
  prefetch: () => void = prefetchEntityScreen,
  warmUp: (menu: readonly MenuItem[]) => () => void = warmUpWhenIdle,
): () => void {
  if (!menuHasEntity(menu)) return () => undefined;
  let cancelWarmUp = () => undefined as void;
  const cancel = whenIdle(() => {
    prefetch();
    if (!onEntityScreen(menu)) cancelWarmUp = warmUp(menu);
  });
  return () => {
    cancel();
    cancelWarmUp();
  };
}

/** The menu's generated screen at `path` ("/sales/customer"), if the menu shows one there. */
export function menuEntityAt(menu: readonly MenuItem[], path: string): MenuItem | undefined {
  const route = `/${segments(path).join('/')}`;
  for (const item of menu) {
    if (item.entity && item.route === route) return item;
    const inner = menuEntityAt(item.children ?? [], route);
    if (inner) return inner;
  }
  return undefined;
}

/** Hover or focus of a menu link: its entity's definition and permissions, and the screen's chunks. */
export function prefetchMenuItem(item: MenuItem): void {
  if (!item.entity) return;
  const parts = segments(item.route);
  const [module, name] = parts;
  if (parts.length !== 2 || !module || !name) return;
  prefetchEntityScreen();
  prefetchEntityMeta(module, name);
}
