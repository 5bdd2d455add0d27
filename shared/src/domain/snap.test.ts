import { SNAP_WINDOW_S, snapToOnset } from './snap';

describe('snapToOnset', () => {
  const onsets = [1.0, 1.5, 2.02, 3.3];

  it('moves a time onto the nearest onset within 60 ms, either side', () => {
    expect(snapToOnset(1.97, onsets)).toEqual({ timeS: 2.02, snapped: true });
    expect(snapToOnset(1.04, onsets)).toEqual({ timeS: 1.0, snapped: true });
    expect(snapToOnset(1.26, [1.2, 1.3])).toEqual({ timeS: 1.3, snapped: true });
  });

  it('keeps the time when no onset is that near, or there are none', () => {
    expect(snapToOnset(2.5, onsets)).toEqual({ timeS: 2.5, snapped: false });
    expect(snapToOnset(1.5 + SNAP_WINDOW_S + 0.01, onsets)).toEqual({ timeS: 1.57, snapped: false });
    expect(snapToOnset(0.2, [])).toEqual({ timeS: 0.2, snapped: false });
  });

  it('snaps at exactly the window', () => {
    expect(snapToOnset(3.36, onsets)).toEqual({ timeS: 3.3, snapped: true });
  });
});
