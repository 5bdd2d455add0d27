import { z } from 'zod';

import {
  DOT_SEGMENT_MESSAGE,
  hasControlCharacters,
  isDotSegment,
  NO_CONTROL_CHARACTERS_MESSAGE,
  TAG_MAX_LENGTH,
  trimText,
} from './wire-values';

/** Tag text: trimmed, 1–100 characters, not starting with '$' (never read as a field path). */
export const TagTextSchema = z
  .string()
  .overwrite(trimText)
  .min(1, 'This field may not be blank')
  .max(TAG_MAX_LENGTH, `Ensure this field has no more than ${TAG_MAX_LENGTH} characters`)
  .refine((text) => !text.startsWith('$'), "A tag cannot start with '$'")
  .refine((text) => !hasControlCharacters(text), NO_CONTROL_CHARACTERS_MESSAGE)
  .refine((text) => !isDotSegment(text), DOT_SEGMENT_MESSAGE);

/** POST /api/tags/ */
export const TagCreateBodySchema = z.strictObject({ text: TagTextSchema });
export type TagCreateBody = z.infer<typeof TagCreateBodySchema>;

/** Path of DELETE /api/tags/{text}/ */
export const TagParamsSchema = z.strictObject({ text: TagTextSchema });
export type TagParams = z.infer<typeof TagParamsSchema>;

export const TagSchema = z.object({
  text: z.string(),
  used_count: z.int().min(0),
  /** When used_count was last recomputed. */
  updated_at: z.string().nullable(),
  created_at: z.string(),
});
export type Tag = z.infer<typeof TagSchema>;

export const TagListSchema = z.array(TagSchema);
