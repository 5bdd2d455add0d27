/** Times on screen and in offsets are seconds with 2 decimals; `*_in_ms` values are integers. */

const SIGNIFICANT_DIGITS = 12;

/** Rounds half away from zero at `decimals`, treating 1.005 as written (not as 1.00499…). */
function roundDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  // toPrecision absorbs the binary error of value * factor before rounding.
  const scaled = Number((Math.abs(value) * factor).toPrecision(SIGNIFICANT_DIGITS));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** Seconds rounded to 2 decimals (1.005 → 1.01). */
export function roundSeconds(valueS: number): number {
  return roundDecimal(valueS, 2);
}

/** Seconds → whole milliseconds. */
export function secondsToMs(valueS: number): number {
  return roundDecimal(valueS * 1000, 0);
}

/** Milliseconds → seconds, unrounded (1234 ms → 1.234 s). */
export function msToSeconds(valueMs: number): number {
  return valueMs / 1000;
}

/** Milliseconds → seconds rounded to 2 decimals, the precision of offsets. */
export function msToRoundedSeconds(valueMs: number): number {
  return roundSeconds(valueMs / 1000);
}
