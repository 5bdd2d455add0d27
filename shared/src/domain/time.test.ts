import { msToRoundedSeconds, msToSeconds, roundSeconds, secondsToMs } from './time';

describe('roundSeconds', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [0.125, 0.13],
    [10.235, 10.24],
    [1.0049999, 1],
    [12.3, 12.3],
    [0, 0],
  ])('rounds %p half up to %p', (input, expected) => {
    expect(roundSeconds(input)).toBe(expected);
  });

  it('rounds negative halves away from zero and never returns -0', () => {
    expect(roundSeconds(-1.005)).toBe(-1.01);
    expect(Object.is(roundSeconds(-0.001), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundSeconds(Number.NaN)).toBeNaN();
    expect(roundSeconds(Infinity)).toBe(Infinity);
  });
});

describe('seconds and milliseconds', () => {
  it('converts seconds to whole ms without float drift', () => {
    expect(secondsToMs(1.1)).toBe(1100);
    expect(secondsToMs(0.29)).toBe(290);
    expect(secondsToMs(4.35)).toBe(4350);
    expect(secondsToMs(1.0005)).toBe(1001);
    expect(Number.isInteger(secondsToMs(123.456789))).toBe(true);
  });

  it('converts ms to exact seconds, or to 2 decimals', () => {
    expect(msToSeconds(1234)).toBe(1.234);
    expect(msToRoundedSeconds(1234)).toBe(1.23);
    expect(msToRoundedSeconds(1235)).toBe(1.24);
  });
});
