/**
 * Whether the map's services answer: tiles (Leaflet's tileload/tileerror events, or nothing loaded
 * within TILE_WAIT_MS) and routing (LRM's routingerror with a network failure or the 30 s
 * timeout, as opposed to "no route between these points"). The planner shows a message for each.
 */
import type { Layer } from 'leaflet';

/** Without a single tile after this long the tile server counts as unreachable (well under 30 s). */
export const TILE_WAIT_MS = 10_000;

export type MapProblem = 'tiles' | 'routing';

/**
 * Watches a tile layer; calls `report(true)` when the tiles are unreachable (an error before any
 * tile loaded, or nothing within TILE_WAIT_MS) and `report(false)` once a tile loads. Returns a stop.
 */
export function watchTiles(layer: Layer, report: (unreachable: boolean) => void): () => void {
  let loaded = false;
  const timer = window.setTimeout(() => {
    if (!loaded) report(true);
  }, TILE_WAIT_MS);
  const onLoad = () => {
    loaded = true;
    window.clearTimeout(timer);
    report(false);
  };
  const onError = () => {
    if (!loaded) report(true);
  };
  layer.on('tileload', onLoad);
  layer.on('tileerror', onError);
  return () => {
    window.clearTimeout(timer);
    layer.off('tileload', onLoad);
    layer.off('tileerror', onError);
  };
}

/**
 * LRM's routing error: status -1 is its own "HTTP request failed" (network failure, refused
 * connection or the timeout); an answer from OSRM (NoRoute, NoSegment…) carries OSRM's code.
 */
export function isUnreachable(error: unknown): boolean {
  const status = (error as { error?: { status?: unknown } } | null)?.error?.status;
  return status === -1;
}
