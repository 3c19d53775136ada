/**
 * A reusable route-planning map (no renderers): leaflet tiles, leaflet-routing-machine against a
 * configurable OSRM service (coordinates in the path; overview, alternatives, steps, hints and
 * continue_straight in the query; 30 s timeout), waypoints that can be added and removed, address
 * autocomplete after 500 ms through a Nominatim-compatible geocoder, and turn-by-turn
 * instructions in the selected language.
 */
import { useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { Map as LeafletMap } from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { MapConfig } from '../../runtime/map/config';
import { getLang, dirOf } from '../../runtime/lang';
import { toast } from '../../runtime/ui/toasts';
import { createFormatter } from './formatter';
import { NominatimGeocoder } from './geocoder';
import { loadLeaflet, type LrmControl } from './lrm';
import { isUnreachable, watchTiles, type MapProblem } from './availability';

export const MAP_ROUTING_TIMEOUT_MS = 30_000;
export const AUTOCOMPLETE_DELAY_MS = 500;

export interface RoutePlannerProps {
  config: MapConfig;
  /** [lat, lng] pairs; the first is the start, the last the destination. */
  waypoints?: Array<[number, number]>;
  height?: string;
  /** Receives the control (tests, screens that add stops from data). */
  onReady?: (control: LrmControl) => void;
}

export function RoutePlanner({ config, waypoints = [], height = '70vh', onReady }: RoutePlannerProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const lang = getLang();
  const initial = useRef(waypoints);
  const ready = useRef(onReady);
  // unreachable services, told in words above the map (availability.ts)
  const [problems, setProblems] = useState<ReadonlySet<MapProblem>>(new Set());
  const mark = (problem: MapProblem, on: boolean) =>
    setProblems((current) => {
      if (current.has(problem) === on) return current;
      const next = new Set(current);
      if (on) next.add(problem);
      else next.delete(problem);
      return next;
    });
  const markRef = useRef(mark);

  useEffect(() => {
    let disposed = false;
    let map: LeafletMap | null = null;
    let stopTiles: () => void = () => undefined;
    void loadLeaflet().then((L) => {
      if (disposed || !element.current) return;
      // Leaflet's zoom buttons are titled in English and its attribution starts with a «Leaflet»
      // link: the buttons are named from the translations, the prefix is left out (the tiles'
      // own attribution, which their licence asks for, stays)
      map = L.map(element.current, { center: config.center, zoom: config.zoom, zoomControl: false });
      L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
      map.attributionControl.setPrefix(false);
      const tiles = L.tileLayer(config.tileUrl, { attribution: config.tileAttribution, maxZoom: 19 });
      stopTiles = watchTiles(tiles, (unreachable) => markRef.current('tiles', unreachable));
      tiles.addTo(map);
      const names = (i: number, n: number) =>
        i === 0 ? t('map.start') : i === n - 1 ? t('map.end') : t('map.via', { n: i });
      const points = initial.current.length >= 2 ? initial.current : [null, null];
      const control = L.Routing.control({
        router: L.Routing.osrmv1({
          serviceUrl: config.osrmUrl,
          profile: config.osrmProfile,
          timeout: MAP_ROUTING_TIMEOUT_MS,
          useHints: true,
          // LRM's own texts (osrm-text-instructions) are replaced by our formatter.
          language: 'en',
          requestParameters: { continue_straight: 'true' },
          suppressDemoServerWarning: true,
        }),
        formatter: createFormatter(L, i18n.t.bind(i18n), lang),
        geocoder: new NominatimGeocoder(L, config.geocoderUrl, lang),
        waypoints: points.map((p) => (p ? L.latLng(p[0], p[1]) : null)),
        showAlternatives: true,
        addWaypoints: true,
        reverseWaypoints: false,
        routeWhileDragging: false,
        collapsible: false,
        // LRM has no Persian localisation and throws for one it lacks; every text it shows comes
        // from our formatter and options instead.
        language: 'en',
        autocompleteOptions: { timeout: AUTOCOMPLETE_DELAY_MS, noResultsMessage: t('map.noResults') },
        geocoderPlaceholder: names,
        addButtonClassName: 'route-add-waypoint',
        createGeocoder: () => {
          const container = L.DomUtil.create('div', 'leaflet-routing-geocoder');
          const input = L.DomUtil.create('input', '', container);
          const remove = L.DomUtil.create('button', 'leaflet-routing-remove-waypoint', container);
          remove.type = 'button';
          remove.textContent = '×';
          remove.title = t('map.removeWaypoint');
          remove.setAttribute('aria-label', t('map.removeWaypoint'));
          return { container, input, closeButton: remove };
        },
      });
      control.on('routingerror', (event: unknown) => {
        toast({ text: 'map.noRoute', kind: 'error', id: 'map.noRoute' });
        if (isUnreachable(event)) markRef.current('routing', true);
      });
      control.on('routesfound', () => markRef.current('routing', false));
      control.addTo(map);
      const add = element.current.querySelector<HTMLButtonElement>('.leaflet-routing-add-waypoint');
      add?.setAttribute('aria-label', t('map.addWaypoint'));
      if (add) add.title = t('map.addWaypoint');
      ready.current?.(control);
    });
    return () => {
      disposed = true;
      stopTiles();
      map?.remove();
    };
  }, [config, i18n, lang, t]);

  return (
    <>
      {[...problems].map((problem) => (
        <MessageBar key={problem} intent="warning" role="alert" data-problem={problem}>
          <MessageBarBody>{t(`map.unreachable.${problem}`)}</MessageBarBody>
        </MessageBar>
      ))}
      <div
        ref={element}
        dir={dirOf(lang)}
        role="region"
        aria-label={t('map.mapLabel')}
        data-testid="route-planner"
        className="route-planner"
        style={{ height, width: '100%' }}
      />
    </>
  );
}
