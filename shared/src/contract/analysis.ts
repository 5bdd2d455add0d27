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
