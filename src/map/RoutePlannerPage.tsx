/** /transport/routePlanner: the route-planning map with the installation's map configuration. */
import { Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadConfig } from '../../runtime/map/config';
import { useLoad } from '../../renderers/hooks/useLoad';
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
  const config = useLoad(() => loadConfig().then((c) => c.map), []).data;
  return (
    <section>
      <Title3 as="h1">{t('map.title')}</Title3>
      {config && <RoutePlanner config={config} waypoints={pointsFromQuery(window.location.search)} />}
    </section>
  );
}
