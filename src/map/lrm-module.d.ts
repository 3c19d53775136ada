/** leaflet-routing-machine ships no types; src/map/lrm.ts declares the parts the map uses. */
declare module 'leaflet-routing-machine';
