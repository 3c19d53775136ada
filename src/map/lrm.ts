/**
 * Leaflet and leaflet-routing-machine, loaded on demand. LRM's bundle reads the global `L`, so
 * window.L is set before importing it. The few LRM types the map uses are declared here (the
 * package ships none).
 */
import type * as Leaflet from 'leaflet';

export interface LrmWaypoint {
  latLng: Leaflet.LatLng | null;
  name?: string;
}

export interface LrmInstruction {
  type: string;
  distance: number;
  time: number;
  road?: string;
  exit?: number;
  modifier?: string;
  text?: string;
}

export interface LrmGeocodeResult {
  name: string;
  center: Leaflet.LatLng;
  bbox?: Leaflet.LatLngBounds;
}

export type GeocodeCallback = (results: LrmGeocodeResult[]) => void;

/** LRM's callback-style geocoder contract. */
export interface LrmGeocoder {
  geocode(query: string, cb: GeocodeCallback, context?: unknown): void;
  suggest?(query: string, cb: GeocodeCallback, context?: unknown): void;
  reverse?(latLng: Leaflet.LatLng, scale: number, cb: GeocodeCallback, context?: unknown): void;
}

export interface LrmControl extends Leaflet.Control {
  getPlan(): { setWaypoints(w: Leaflet.LatLng[]): void };
  getWaypoints(): LrmWaypoint[];
  spliceWaypoints(index: number, remove: number, ...add: Leaflet.LatLng[]): LrmWaypoint[];
  on(event: string, fn: (e: unknown) => void): this;
}

export interface LrmNamespace {
  control(options: Record<string, unknown>): LrmControl;
  osrmv1(options: Record<string, unknown>): unknown;
  Formatter: { extend(props: Record<string, unknown>): new (options?: Record<string, unknown>) => unknown };
}

export type LeafletWithRouting = typeof Leaflet & { Routing: LrmNamespace };

let loading: Promise<LeafletWithRouting> | null = null;

export function loadLeaflet(): Promise<LeafletWithRouting> {
  loading ??= (async () => {
    const leaflet = (await import('leaflet')).default;
    (window as unknown as { L: typeof Leaflet }).L = leaflet;
    // Leaflet guesses its marker images from CSS; with a bundler they are imported instead.
    const [icon, icon2x, shadow] = await Promise.all([
      import('leaflet/dist/images/marker-icon.png'),
      import('leaflet/dist/images/marker-icon-2x.png'),
      import('leaflet/dist/images/marker-shadow.png'),
    ]);
    leaflet.Icon.Default.mergeOptions({
      iconUrl: icon.default,
      iconRetinaUrl: icon2x.default,
      shadowUrl: shadow.default,
    });
    await import('leaflet/dist/leaflet.css');
    await import('leaflet-routing-machine/dist/leaflet-routing-machine.css');
    await import('leaflet-routing-machine');
    await import('./map.css');
    return (window as unknown as { L: LeafletWithRouting }).L;
  })();
  return loading;
}
