/**
 * A small Nominatim-compatible geocoder in LRM's callback style: `search` for addresses (also the
 * autocomplete suggestions) and `reverse` for a clicked point; the base URL is configuration.
 */
import type * as Leaflet from 'leaflet';
import { parseNominatim, type GeocodeResult } from '../../runtime/map/instructions';
import type { GeocodeCallback, LrmGeocodeResult, LrmGeocoder } from './lrm';

export class NominatimGeocoder implements LrmGeocoder {
  constructor(
    private readonly L: typeof Leaflet,
    private readonly baseUrl: string,
    private readonly lang: string,
  ) {}

  private toLrm(r: GeocodeResult): LrmGeocodeResult {
    const center = this.L.latLng(r.lat, r.lng);
    const bbox = r.bbox ? this.L.latLngBounds([r.bbox[0], r.bbox[2]], [r.bbox[1], r.bbox[3]]) : undefined;
    return bbox ? { name: r.name, center, bbox } : { name: r.name, center };
  }

  private get(path: string, params: Record<string, string>, cb: GeocodeCallback, context?: unknown): void {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/${path}`);
    for (const [k, v] of Object.entries({ format: 'json', 'accept-language': this.lang, ...params }))
      url.searchParams.set(k, v);
    fetch(url)
      .then((response) => (response.ok ? response.json() : []))
      .catch(() => [])
      .then((body: unknown) =>
        cb.call(
          context,
          parseNominatim(body).map((r) => this.toLrm(r)),
        ),
      );
  }

  geocode(query: string, cb: GeocodeCallback, context?: unknown): void {
    this.get('search', { q: query, limit: '5' }, cb, context);
  }

  suggest(query: string, cb: GeocodeCallback, context?: unknown): void {
    this.geocode(query, cb, context);
  }

  reverse(latLng: Leaflet.LatLng, _scale: number, cb: GeocodeCallback, context?: unknown): void {
    this.get('reverse', { lat: String(latLng.lat), lon: String(latLng.lng) }, cb, context);
  }
}
