/** /transport/routePlanner: the route-planning map with the installation's map configuration. */
import { useEffect, useState } from 'react';
import { Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadConfig, type MapConfig } from '../../runtime/map/config';
import { RoutePlanner } from './RoutePlanner';

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
      {config && <RoutePlanner config={config} />}
    </section>
  );
}
