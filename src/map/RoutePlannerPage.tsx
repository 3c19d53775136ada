/** /transport/routePlanner: the route-planning map with the installation's map configuration. */
import { useEffect, useState } from 'react';
import { Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadConfig, type MapConfig } from '../../runtime/map/config';
import { RoutePlanner } from './RoutePlanner';

/** `?points=lat,lng;lat,lng` (e.g. a delivery's origin and destination): the route's initial stops. */
export function pointsFromQuery(search: string): Array<[number, number]> {
  const raw = new URLSearchParams(search).get('points') ?? '';
  const points = raw
    .split(';')
    .map((p) => p.split(',').map(Number))
    .filter((p): p is [number, number] => p.length === 2 && p.every((n) => Number.isFinite(n)));
  return points.length >= 2 ? points : [];
}

export function RoutePlannerPage() {
  const { t } = useTranslation();
  const [config, setConfig] = useState<MapConfig | null>(null);
  useEffect(() => {
    let alive = true;
    loadConfig()
      .then((c) => alive && setConfig(c.map))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <section>
      <Title3 as="h1">{t('map.title')}</Title3>
      {config && <RoutePlanner config={config} waypoints={pointsFromQuery(window.location.search)} />}
    </section>
  );
}
