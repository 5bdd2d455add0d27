/** Precomputed waveform as the analysis stores it (peaks per channel, one value per bucket). */
export type PeaksFile = { duration_s: number; sample_rate_hz: number; samples_per_pixel: number; peaks: number[][] };

/** Peaks ready for wavesurfer.js: per channel, and the duration they cover in seconds. */
export type LoadedPeaks = { durationS: number; peaks: Array<Float32Array | number[]> };

/** True when `value` looks like a usable peaks file. */
export function isPeaksFile(value: unknown): value is PeaksFile {
  const file = value as PeaksFile | null;
  return !!file && typeof file.duration_s === 'number' && file.duration_s > 0 && Array.isArray(file.peaks) && file.peaks.length > 0 && Array.isArray(file.peaks[0]);
}

/** Fetches and parses the peaks file; null when it is missing or malformed. */
export async function fetchPeaksFile(url: string): Promise<LoadedPeaks | null> {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isPeaksFile(body) ? { durationS: body.duration_s, peaks: body.peaks } : null;
  } catch {
    return null;
  }
}

const loaded = new Map<string, Promise<LoadedPeaks | null>>();

/**
 * The peaks of `url`, loaded once per page (a media file's peaks never change). Call it as soon as
 * the url is known; the waveform then picks up the same promise. Null means: decode the media.
 */
export function loadPeaks(url: string): Promise<LoadedPeaks | null> {
  const known = loaded.get(url);
  if (known) return known;
  const attempt = fetchPeaksFile(url).then((peaks) => {
    if (!peaks) loaded.delete(url);
    return peaks;
  });
  loaded.set(url, attempt);
  return attempt;
}
