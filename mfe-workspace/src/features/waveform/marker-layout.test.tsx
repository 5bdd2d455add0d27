import { formatSeconds, placeMarkerPercent, placeMarkers } from './marker-layout';

describe('waveform marker layout', () => {
  it('places a time as a percent of the duration', () => {
    expect(placeMarkerPercent(30, 120)).toBe(25);
    expect(placeMarkerPercent(0, 120)).toBe(0);
    expect(placeMarkerPercent(120, 120)).toBe(100);
  });

  it('drops times off the track or without a duration', () => {
    expect(placeMarkerPercent(-1, 120)).toBeNull();
    expect(placeMarkerPercent(121, 120)).toBeNull();
    expect(placeMarkerPercent(1, 0)).toBeNull();
    expect(
      placeMarkers(
        [
          { timeS: 1, kind: 'offset' },
          { timeS: 500, kind: 'highlight' },
        ],
        100,
      ),
    ).toEqual([{ timeS: 1, kind: 'offset', leftPercent: 1, key: 'offset-1' }]);
  });

  it('formats the playhead with 2 decimals', () => {
    expect(formatSeconds(1.005)).toBe('1.00');
    expect(formatSeconds(Number.NaN)).toBe('0.00');
  });
});
