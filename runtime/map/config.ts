/**
 * Runtime configuration of the map (tile, OSRM and geocoder URLs), read from
 * /assets/config.json (served from src/public; an installation or a test replaces it).
 */
import { api } from '../http/pipeline';

export interface MapConfig {
  /** Leaflet tile URL template ({s}, {z}, {x}, {y}). */
  tileUrl: string;
  tileAttribution: string;
  /** OSRM route service base, e.g. https://host/route/v1 (profile and coordinates follow). */
  osrmUrl: string;
  osrmProfile: string;
  /** Nominatim-compatible geocoder base (…/search and …/reverse). */
  geocoderUrl: string;
  center: [number, number];
  zoom: number;
}

export interface AppConfig {
  map: MapConfig;
}

export const CONFIG_URL = '/assets/config.json';

let loading: Promise<AppConfig> | null = null;

export function loadConfig(): Promise<AppConfig> {
  loading ??= api.get<AppConfig>(CONFIG_URL).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
