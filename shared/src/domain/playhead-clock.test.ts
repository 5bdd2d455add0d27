import { PLAYBACK_TIME_UPDATE_THROTTLE_MS } from './constants';
import { createPlayheadClock } from './playhead-clock';

describe('createPlayheadClock', () => {
  it('tells listeners at most once per throttle interval, unless a seek forces it, and always keeps the latest time', () => {
    let nowMs = 0;
    const clock = createPlayheadClock(() => nowMs);
    const heard: number[] = [];
    clock.subscribe(() => heard.push(clock.getTimeS()));
    clock.setTimeS(1);
    nowMs += PLAYBACK_TIME_UPDATE_THROTTLE_MS / 2;
    clock.setTimeS(1.005);
    expect(heard).toEqual([1]);
    expect(clock.getTimeS()).toBe(1.005);
    clock.setTimeS(4, true);
    nowMs += PLAYBACK_TIME_UPDATE_THROTTLE_MS;
    clock.setTimeS(4.01);
    expect(heard).toEqual([1, 4, 4.01]);
  });
});
