/** Instruction keys, distances and Nominatim parsing for the route planner. */
import { describe, expect, it } from 'vitest';
import { distanceKey, instructionKey, parseNominatim } from '../../../runtime/map/instructions';

describe('route instructions', () => {
  it('maps LRM instruction types to translation keys, with the road when named', () => {
    expect(instructionKey({ type: 'Right', road: 'ولیعصر' })).toEqual({
      key: 'map.instructions.right',
      params: { exit: 1, road: 'ولیعصر' },
      roadKey: 'map.onRoad',
    });
    expect(instructionKey({ type: 'SharpLeft' }).key).toBe('map.instructions.sharpLeft');
    expect(instructionKey({ type: 'Roundabout', exit: 3 }).params.exit).toBe(3);
    expect(instructionKey({ type: 'DestinationReached', road: 'x' }).roadKey).toBeNull();
    expect(instructionKey({ type: 'Unknown' }).key).toBe('map.instructions.straight');
  });

  it('distances: metres under 1 km, kilometres to one decimal above', () => {
    expect(distanceKey(42.4)).toEqual({ key: 'map.metres', value: 42 });
    expect(distanceKey(456)).toEqual({ key: 'map.metres', value: 460 });
    expect(distanceKey(1234)).toEqual({ key: 'map.kilometres', value: 1.2 });
  });

  it('parses Nominatim answers and skips incomplete rows', () => {
    expect(
      parseNominatim([
        {
          display_name: 'میدان آزادی',
          lat: '35.7',
          lon: '51.33',
          boundingbox: ['35.69', '35.71', '51.32', '51.34'],
        },
        { display_name: 'no position' },
      ]),
    ).toEqual([{ name: 'میدان آزادی', lat: 35.7, lng: 51.33, bbox: [35.69, 35.71, 51.32, 51.34] }]);
    expect(parseNominatim({ display_name: 'x', lat: 1, lon: 2 })).toEqual([
      { name: 'x', lat: 1, lng: 2, bbox: null },
    ]);
    expect(parseNominatim('nonsense')).toEqual([]);
  });
});
