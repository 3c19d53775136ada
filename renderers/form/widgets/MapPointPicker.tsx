/**
 * The map of the mapPoint widget (its own chunk, with Leaflet): tiles from the map configuration
 * (runtime/map/config.ts), a marker at the point, a click or tap picks a new point (6 decimals).
 * When the tiles do not load (an error before any tile, or none within TILE_WAIT_MS) or the
 * configuration cannot be read, a note says so and the typed fields remain the way in.
 */
import { useEffect, useRef, useState } from 'react';
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type * as Leaflet from 'leaflet';
import { loadConfig } from '../../../runtime/map/config';
import type { Lang } from '../../../runtime/shared/definition';

/** Without a single tile after this long the tile server counts as unreachable. */
export const TILE_WAIT_MS = 10_000;

/** Degrees kept of a picked point: 6 decimals, about 0.1 m. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

let leafletLoading: Promise<typeof Leaflet> | null = null;

/** Leaflet with its stylesheet and marker images (bundled, not guessed from CSS). */
function loadLeaflet(): Promise<typeof Leaflet> {
  leafletLoading ??= (async () => {
    const L = (await import('leaflet')).default;
    const [icon, icon2x, shadow] = await Promise.all([
      import('leaflet/dist/images/marker-icon.png'),
      import('leaflet/dist/images/marker-icon-2x.png'),
      import('leaflet/dist/images/marker-shadow.png'),
      import('leaflet/dist/leaflet.css'),
    ]);
    L.Icon.Default.mergeOptions({
      iconUrl: icon.default,
      iconRetinaUrl: icon2x.default,
      shadowUrl: shadow.default,
    });
    return L;
  })();
  return leafletLoading;
}

export interface MapPointPickerProps {
  lang: Lang;
  label: string;
  lat: number | null;
  lng: number | null;
  /** Absent: the map only shows the point (read-only form). */
  onPick?: (lat: number, lng: number) => void;
}

export default function MapPointPicker({ lang, label, lat, lng, onPick }: MapPointPickerProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: typeof Leaflet; map: Leaflet.Map; marker: Leaflet.Marker | null } | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const start = useRef({ lat, lng });

  useEffect(() => {
    let live = true;
    let timer = 0;
    let made: Leaflet.Map | null = null;
    void Promise.all([loadLeaflet(), loadConfig()])
      .then(([L, config]) => {
        if (!live || !element.current) return;
        const { lat: a, lng: b } = start.current;
        const here: [number, number] = a !== null && b !== null ? [a, b] : config.map.center;
        // Leaflet titles its zoom buttons in English: they are named from the translations, and the
        // tiles' attribution (their licence asks for it) shows without Leaflet's own prefix
        made = L.map(element.current, { zoomControl: false }).setView(here, config.map.zoom);
        L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(made);
        made.attributionControl.setPrefix(false);
        const tiles = L.tileLayer(config.map.tileUrl, {
          attribution: config.map.tileAttribution,
          maxZoom: 19,
        }).addTo(made);
        let loaded = false;
        timer = window.setTimeout(() => live && !loaded && setUnreachable(true), TILE_WAIT_MS);
        tiles.on('tileload', () => {
          loaded = true;
          setUnreachable(false);
        });
        tiles.on('tileerror', () => !loaded && setUnreachable(true));
        const marker = a !== null && b !== null ? L.marker([a, b]).addTo(made) : null;
        map.current = { L, map: made, marker };
        made.on('click', (e: Leaflet.LeafletMouseEvent) => {
          pick.current?.(round(e.latlng.lat), round(e.latlng.lng));
        });
      })
      .catch(() => live && setUnreachable(true));
    return () => {
      live = false;
      window.clearTimeout(timer);
      made?.remove();
      map.current = null;
    };
    // a new language draws the map again with its buttons named in it
  }, [t]);

  // the marker follows the fields (a pick, or numbers typed)
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (lat === null || lng === null) {
      m.marker?.remove();
      m.marker = null;
    } else if (m.marker) m.marker.setLatLng([lat, lng]);
    else m.marker = m.L.marker([lat, lng]).addTo(m.map);
  }, [lat, lng]);

  return (
    <div dir="ltr" data-map-point="">
      <div
        ref={element}
        role="application"
        aria-label={t('map.pickPoint', { field: label })}
        lang={lang}
        style={{ height: '180px', width: '100%', borderRadius: '4px', zIndex: 0 }}
      />
      <Text
        size={200}
        as="p"
        dir={lang === 'fa' ? 'rtl' : 'ltr'}
        data-problem={unreachable ? 'tiles' : undefined}
      >
        {unreachable ? t('map.pickUnreachable') : onPick ? t('map.pickHint') : ''}
      </Text>
    </div>
  );
}
