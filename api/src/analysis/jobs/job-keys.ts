import type { JobKind } from './analysis-job.schema';

/** Attempts a job gets before it is marked failed. */
export const MAX_JOB_ATTEMPTS = 3;

/** Bumped when an analysis changes its output, so cached results of the old version are not reused. */
// autobeat 2: the answer carries the ranked tempo variants and the onsets.
// autobeat 3: beats on the kick/snare bands and the backbeat; variants only at tappable tempi (40–220 BPM).
// autobeat 4: swung off-beats and backbeat levels handled; ×3/4 and ×4/3 variants.
// autobeat 5: soft backbeats, bar-only kicks and unmarked beats; a period no one taps gives way to a beat's pulse train.
export const ANALYSIS_VERSIONS: Record<JobKind, number> = { autobeat: 5, peaks: 1, stems: 1 };

/** Claim order: someone waits on autobeat, then on stems; peaks are background work. */
export const JOB_PRIORITIES: Record<JobKind, number> = { autobeat: 30, stems: 20, peaks: 10 };

/** JSON with sorted keys, so equal parameters always give the same text. */
function stringifySorted(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stringifySorted).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stringifySorted(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The cache key of one analysis: kind, media content hash and every parameter that changes the result. */
export function buildJobKey(kind: JobKind, mediaHash: string, params: Record<string, unknown>): string {
  return `${kind}:${mediaHash}:${stringifySorted(params)}`;
}
