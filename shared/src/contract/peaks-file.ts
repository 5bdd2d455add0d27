import { z } from 'zod';

// In a module of its own: a waveform reads it as the page starts, without building every other schema.

/**
 * One channel's peaks: an array of finite numbers, checked in one loop. A schema per number
 * (`z.array(z.number())`) took 8 ms for the two channels of 2,400 points on a cold page, on the way
 * to the first drawing of the waveform; the loop takes 1-3 ms.
 */
const PeakValuesSchema = z.custom<number[]>(
  (value) => Array.isArray(value) && value.every((x) => typeof x === 'number' && Number.isFinite(x)),
  { message: 'Expected an array of numbers' },
);

/** One resolution of a peaks file: per channel, the signed sample of largest magnitude per bucket. */
export const PeaksLevelSchema = z.object({
  samples_per_pixel: z.number().int().positive(),
  length: z.number().int().nonnegative(),
  peaks: z.array(PeakValuesSchema),
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
  peaks: z.array(PeakValuesSchema),
  levels: z.array(PeaksLevelSchema),
});
export type PeaksFile = z.infer<typeof PeaksFileSchema>;
