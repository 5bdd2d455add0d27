// Local bindings: Math property look-ups are slow inside the test sandbox.
const { floor } = Math;

/** Average of all channels (same length as the first channel). */
export function downmixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const length = channels[0].length;
  const mono = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) mono[i] += channel[i];
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) mono[i] *= scale;
  return mono;
}

/** Box-filter decimation by an integer factor; returns the signal at sampleRateHz / factor. */
export function decimateByFactor(signal: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return signal;
  const out = new Float32Array(floor(signal.length / factor));
  for (let i = 0, j = 0; i < out.length; i++) {
    let sum = 0;
    for (let k = 0; k < factor; k++) sum += signal[j++];
    out[i] = sum / factor;
  }
  return out;
}
