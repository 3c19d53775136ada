/**
 * mapPoint: a latitude field with a small map under it; a click or tap on the map sets the
 * latitude and its paired longitude field (`ui:options.lngField`) together. The typed numbers stay
 * the way in when the map cannot be drawn (tiles unreachable: a note says so). Leaflet loads with
 * the map (MapPointPicker), never with the grid or the login route.
 *
 * uiSchema: `"originLat": { "ui:widget": "mapPoint", "ui:options": { "lngField": "originLng" } }`
 */
import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { widgetFields, widgetLang } from './context';
import { NumberWidget } from './NumberWidget';

const MapPointPicker = lazy(() => import('./MapPointPicker'));

const asNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function MapPointWidget(props: WidgetProps) {
  const lngField = typeof props.options.lngField === 'string' ? props.options.lngField : null;
  const { valueOf, setFields } = widgetFields(props);
  const readOnly = Boolean(props.readonly || props.disabled) || !setFields;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '6px' }}>
      <NumberWidget {...props} />
      {lngField && (
        <Suspense fallback={null}>
          <MapPointPicker
            lang={widgetLang(props)}
            label={props.label}
            lat={asNumber(props.value)}
            lng={asNumber(valueOf?.(lngField))}
            onPick={readOnly ? undefined : (lat, lng) => setFields?.({ [props.name]: lat, [lngField]: lng })}
          />
        </Suspense>
      )}
    </div>
  );
}
