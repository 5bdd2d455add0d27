/** Precomputed waveform as the analysis stores it (peaks per channel, one value per bucket). */
export type PeaksFile = { duration_s: number; sample_rate_hz: number; samples_per_pixel: number; peaks: number[][] };

/** True when `value` looks like a usable peaks file. */
export function isPeaksFile(value: unknown): value is PeaksFile {
  const file = value as PeaksFile | null;
  return !!file && typeof file.duration_s === 'number' && file.duration_s > 0 && Array.isArray(file.peaks) && file.peaks.length > 0 && Array.isArray(file.peaks[0]);
}

/** Fetches the peaks file; null when it is missing or malformed (the waveform then decodes the media). */
export async function fetchPeaksFile(url: string, signal: AbortSignal): Promise<PeaksFile | null> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', signal });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isPeaksFile(body) ? body : null;
  } catch {
    return null;
  }
}
