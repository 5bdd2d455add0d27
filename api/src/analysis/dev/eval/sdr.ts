// Local bindings: Math property look-ups are slow inside the test sandbox.
const { log10, min } = Math;

/** Global SDR in dB of one estimated signal against its reference: 10·log10(Σs² / Σ(s−ŝ)²). */
export function computeSignalSdrDb(reference: Float32Array, estimate: Float32Array): number {
  let signal = 0;
  let error = 0;
  const n = min(reference.length, estimate.length);
  for (let i = 0; i < n; i++) {
    signal += reference[i] * reference[i];
    const d = reference[i] - estimate[i];
    error += d * d;
  }
  for (let i = n; i < reference.length; i++) error += reference[i] * reference[i];
  return 10 * log10((signal + 1e-12) / (error + 1e-12));
}

/** Global SDR in dB averaged over channels (the MDX challenge measure). */
export function computeSdrDb(reference: Float32Array[], estimate: Float32Array[]): number {
  const values = reference.map((channel, c) => computeSignalSdrDb(channel, estimate[c]));
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
