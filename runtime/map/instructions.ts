/**
 * Turn-by-turn instruction text for leaflet-routing-machine's instruction types (OSRM v1
 * maneuvers as LRM converts them), as translation keys under `map.instructions.*`; the shell
 * translates them in the selected language (Persian text is ours, in the fa translation file).
 */
export interface RouteInstruction {
  type: string;
  road?: string;
  exit?: number;
  modifier?: string;
}

const KEYS: Record<string, string> = {
  Head: 'head',
  StartAt: 'head',
  Continue: 'straight',
  Straight: 'straight',
  SlightRight: 'slightRight',
  Right: 'right',
  SharpRight: 'sharpRight',
  SlightLeft: 'slightLeft',
  Left: 'left',
  SharpLeft: 'sharpLeft',
  TurnAround: 'turnAround',
  WaypointReached: 'waypointReached',
  DestinationReached: 'destinationReached',
  Roundabout: 'roundabout',
  Merge: 'merge',
  OnRamp: 'onRamp',
  OffRamp: 'offRamp',
  EndOfRoad: 'endOfRoad',
  Fork: 'fork',
  EnterAgainstAllowedDirection: 'enterAgainstAllowedDirection',
  LeaveAgainstAllowedDirection: 'leaveAgainstAllowedDirection',
};

export interface InstructionText {
  key: string;
  params: Record<string, unknown>;
  /** Translation key of the road suffix, when the step names a road. */
  roadKey: string | null;
}

export function instructionKey(instr: RouteInstruction): InstructionText {
  const name = KEYS[instr.type] ?? 'straight';
  const road = instr.road?.trim() ?? '';
  const arrives = name === 'destinationReached' || name === 'waypointReached';
  return {
    key: `map.instructions.${name}`,
    params: { exit: instr.exit ?? 1, road },
    roadKey: road && !arrives ? 'map.onRoad' : null,
  };
}

/** Distance as a translation key and a rounded number: metres under 1 km, else km to 0.1. */
export function distanceKey(metres: number): { key: string; value: number } {
  if (metres >= 1000) return { key: 'map.kilometres', value: Math.round(metres / 100) / 10 };
  const rounded = metres >= 100 ? Math.round(metres / 10) * 10 : Math.round(metres);
  return { key: 'map.metres', value: rounded };
}

export interface GeocodeResult {
  name: string;
  lat: number;
  lng: number;
  /** [south, north, west, east] when the service gives one. */
  bbox: [number, number, number, number] | null;
}

/** Parses a Nominatim-compatible answer (an array of places, or one place for reverse). */
export function parseNominatim(body: unknown): GeocodeResult[] {
  const rows = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  const out: GeocodeResult[] = [];
  for (const row of rows as Array<Record<string, unknown>>) {
    const lat = Number(row.lat);
    const lng = Number(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || typeof row.display_name !== 'string') continue;
    const bb = Array.isArray(row.boundingbox) ? row.boundingbox.map(Number) : [];
    out.push({
      name: row.display_name,
      lat,
      lng,
      bbox: bb.length === 4 && bb.every(Number.isFinite) ? (bb as [number, number, number, number]) : null,
    });
  }
  return out;
}
