// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, ceil, cos, floor, max, min, PI, round, sin } = Math;

/** Taps each side of an output sample, counted in periods of the lower of the two rates. */
const HALF_TAPS = 10;
/** Fractional positions between input samples the kernel is tabulated at. */
const PHASES = 256;

type Kernel = { reach: number; taps: Float64Array[] };

/** Windowed-sinc kernel (Blackman window, cut-off at 95 % of the lower Nyquist frequency) for one rate ratio. */
function createKernel(ratio: number): Kernel {
  const cutoff = (0.95 * min(1, 1 / ratio)) / 2;
  const reach = ceil(HALF_TAPS * max(1, ratio));
  const taps = Array.from({ length: PHASES }, (_, phase) => {
    const row = new Float64Array(2 * reach + 1);
    for (let j = -reach; j <= reach; j++) {
      const x = j - phase / PHASES;
      if (abs(x) >= reach) continue;
      const sinc = x === 0 ? 2 * cutoff : sin(2 * PI * cutoff * x) / (PI * x);
      row[j + reach] = sinc * (0.42 + 0.5 * cos((PI * x) / reach) + 0.08 * cos((2 * PI * x) / reach));
    }
    const sum = row.reduce((a, b) => a + b, 0);
    return row.map((w) => w / sum);
  });
  return { reach, taps };
}

const kernels = new Map<number, Kernel>();

/**
 * Seconds [fromS, toS) of `samples` (at `rateHz`) at `targetRateHz`, interpolated through a windowed sinc, so that
 * what lies above the lower Nyquist frequency does not fold down. At the same rate, the samples themselves.
 */
export function resampleSpan(
  samples: Float32Array,
  rateHz: number,
  targetRateHz: number,
  fromS: number,
  toS: number,
): Float32Array {
  const [first, last] = [round(fromS * targetRateHz), round(toS * targetRateHz)];
  if (rateHz === targetRateHz) return samples.subarray(first, last);
  const ratio = rateHz / targetRateHz;
  let kernel = kernels.get(ratio);
  if (!kernel) kernels.set(ratio, (kernel = createKernel(ratio)));
  const { reach, taps } = kernel;
  const out = new Float32Array(max(0, last - first));
  for (let i = 0; i < out.length; i++) {
    const centre = (first + i) * ratio;
    const base = floor(centre);
    const row = taps[floor((centre - base) * PHASES)];
    let sum = 0;
    if (base >= reach && base + reach < samples.length) {
      for (let j = 0, k = base - reach; j < row.length; j++, k++) sum += row[j] * samples[k];
    } else {
      for (let j = max(-reach, -base); j <= min(reach, samples.length - 1 - base); j++)
        sum += row[j + reach] * samples[base + j];
    }
    out[i] = sum;
  }
  return out;
}
