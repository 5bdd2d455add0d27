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

/** POST /api/autobeat/{id}/: beats found in the audio, with the tempo estimate. */
export const AutobeatAnswerSchema = z.object({
  offsets: z.array(SecondsSchema),
  tempo_bpm: z.number().positive().nullable(),
  tempo_alternatives_bpm: z.array(z.number().positive()),
});
export type AutobeatAnswer = z.infer<typeof AutobeatAnswerSchema>;
