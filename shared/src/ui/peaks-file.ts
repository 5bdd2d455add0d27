import { PeaksFileSchema } from '@curator/shared';

/** Peaks ready for wavesurfer.js: per channel, and the duration they cover in seconds. */
export type LoadedPeaks = { durationS: number; peaks: Array<Float32Array | number[]> };

/**
 * The part of the peaks file a waveform draws. The file also holds every resolution the analysis
 * computed (`levels`, about five times the numbers); those are not checked, nor kept. Marked pure:
 * a call at the top of a module keeps it, and the schemas it reaches, in every bundle that imports
 * the barrel, where no screen draws a waveform (24 KB of compressed script on the audio list).
 */
const DrawnPeaksSchema = /* @__PURE__ */ PeaksFileSchema.pick({ version: true, duration_s: true, peaks: true });

/** Fetches and parses the peaks file; null when it is missing or malformed. */
export async function fetchPeaksFile(url: string): Promise<LoadedPeaks | null> {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return null;
    // The file the analysis wrote, read with its schema; a file without a usable waveform counts as missing.
    const file = DrawnPeaksSchema.safeParse(await res.json());
    if (!file.success || file.data.duration_s <= 0 || file.data.peaks.length === 0) return null;
    return { durationS: file.data.duration_s, peaks: file.data.peaks };
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

const warmed = new Set<string>();

/**
 * Starts downloading a peaks file into the browser's HTTP cache (stored names are immutable and
 * cached for a year), once per page: for a screen about to open another that will draw it, with no
 * import between the two.
 */
export function warmPeaks(url: string): void {
  if (warmed.has(url)) return;
  warmed.add(url);
  fetch(url, { credentials: 'same-origin' })
    .then((res) => res.arrayBuffer())
    .catch(() => warmed.delete(url));
}
