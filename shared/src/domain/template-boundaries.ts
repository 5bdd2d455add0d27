import type { Segment } from './segments';
import { msToRoundedSeconds } from './time';

export type TemplateTiming = {
  /** The template's `audio_asset_start_time_in_ms`; null counts as 0. */
  startMs: number | null;
  segmentDurationsMs: readonly number[];
};

/** Template boundaries in ms: the start, then the start plus each cumulative segment duration. */
export function deriveTemplateBoundariesMs(timing: TemplateTiming): number[] {
  const boundaries = [timing.startMs ?? 0];
  for (const durationMs of timing.segmentDurationsMs) boundaries.push(boundaries[boundaries.length - 1] + durationMs);
  return boundaries;
}

/** Template segments in seconds, shaped like a beat's, for playback and the preview image. */
export function deriveTemplateSegments(timing: TemplateTiming): Segment[] {
  const boundaries = deriveTemplateBoundariesMs(timing);
  return boundaries.slice(1).map((toMs, i) => ({
    fromS: msToRoundedSeconds(boundaries[i]),
    toS: msToRoundedSeconds(toMs),
    durationS: msToRoundedSeconds(toMs - boundaries[i]),
  }));
}
