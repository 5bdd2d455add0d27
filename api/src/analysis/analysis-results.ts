/** One metrical level of an autobeat result: ratio to the chosen beat, tempo, confidence 0..1 and its beats. */
export type AutobeatVariant = { factor: number; bpm: number; confidence: number; beats_s: number[] };

/**
 * Result of an autobeat job: beats of the whole file (seconds, 2 decimals, ascending) and the tempo;
 * `variants` ranks the metrical levels (first = the chosen one, factor 1, then by confidence), and
 * `tempo_alternatives_bpm` lists the other variants' tempi; `onsets_s` are the audio's onsets for snapping.
 */
export type AutobeatResult = {
  beats_s: number[];
  tempo_bpm: number;
  tempo_alternatives_bpm: number[];
  variants: AutobeatVariant[];
  onsets_s: number[];
  duration_s: number;
};

/** Result of a peaks job: the public url of the peaks JSON and the decoded length. */
export type PeaksResult = { peaks_url: string; duration_s: number };

/** One stem as stored: a streamable file and its peaks. */
export type StemTrackResult = { type: string; url: string; peaks_url: string };

/** Result of a stems job. */
export type StemsResult = { separator: string; tracks: StemTrackResult[] };

/** `stem_status` values before a result exists. */
export const STEM_STATUS = { requested: 'requested', processing: 'processing', ready: 'ready' } as const;

/** `stem_status` of a separation that failed for good (docs/rules.md "Analysis": `failed: {reason}`). */
export function formatStemFailure(reason: string): string {
  return `failed: ${reason}`;
}
