import { z } from 'zod';

import { StemTrackSchema } from './audio';
import { SecondsSchema } from './fields';

/**
 * GET/POST /api/audio/{id}/stem/: null → 'requested' → 'processing' → 'ready', or 'failed: {reason}'.
 * stem_tracks comes along so the Tracks selector fills once the status is ready.
 */
export const StemStatusSchema = z.object({
  stem_status: z.string().nullable(),
  stem_tracks: z.array(StemTrackSchema).optional(),
});
export type StemStatus = z.infer<typeof StemStatusSchema>;

/** One metrical level autobeat offers: its tempo against the detected one (×0.5, ×2, ×2/3, ×3/2, ×3/4, ×4/3). */
export const TempoVariantSchema = z.object({
  factor: z.number().positive(),
  bpm: z.number().positive(),
  /** Share of the tracker's evidence for this level, 0–1. */
  confidence: z.number().min(0).max(1),
  offsets: z.array(SecondsSchema),
});
export type TempoVariantAnswer = z.infer<typeof TempoVariantSchema>;

/**
 * POST /api/autobeat/{id}/: beats found in the audio, with the tempo estimate; the metrical levels
 * offered (the detected one first, then the others by confidence); the onsets, for snapping.
 */
export const AutobeatAnswerSchema = z.object({
  offsets: z.array(SecondsSchema),
  tempo_bpm: z.number().positive().nullable(),
  tempo_alternatives_bpm: z.array(z.number().positive()),
  variants: z.array(TempoVariantSchema),
  onsets: z.array(SecondsSchema),
});
export type AutobeatAnswer = z.infer<typeof AutobeatAnswerSchema>;

/** One resolution of a peaks file: per channel, the signed sample of largest magnitude per bucket. */
export const PeaksLevelSchema = z.object({
  samples_per_pixel: z.number().int().positive(),
  length: z.number().int().nonnegative(),
  peaks: z.array(z.array(z.number())),
});

/**
 * The waveform peaks JSON at an audio's `peaks_url` (and a stem's): `peaks` and `duration_s` go
 * straight to wavesurfer.js (≤ 8,000 points per channel); `levels` holds every resolution computed.
 */
export const PeaksFileSchema = z.object({
  version: z.literal(1),
  duration_s: z.number().nonnegative(),
  sample_rate_hz: z.number().int().positive(),
  channels: z.number().int().positive(),
  samples_per_pixel: z.number().int().positive(),
  peaks: z.array(z.array(z.number())),
  levels: z.array(PeaksLevelSchema),
});
export type PeaksFile = z.infer<typeof PeaksFileSchema>;
