import {
  BeatCreateBodySchema,
  BeatDoneBodySchema,
  BeatDoneSchema,
  BeatListQuerySchema,
  BeatParamsSchema,
  BeatRenameBodySchema,
  BeatSchema,
  BeatUpdateBodySchema,
  EndingPointsBodySchema,
  hasControlCharacters,
  NAME_MAX_LENGTH,
  NO_CONTROL_CHARACTERS_MESSAGE,
  trimText,
} from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** The workspace may leave the name empty: the server then names the beat beat#N. */
export const BeatCreateBodyApiSchema = BeatCreateBodySchema.extend({
  name: z
    .string()
    .overwrite(trimText)
    .max(NAME_MAX_LENGTH, `Ensure this field has no more than ${NAME_MAX_LENGTH} characters`)
    .refine((name) => !hasControlCharacters(name), NO_CONTROL_CHARACTERS_MESSAGE)
    .default(''),
});

export class BeatCreateBodyDto extends createZodDto(BeatCreateBodyApiSchema) {}
export class BeatUpdateBodyDto extends createZodDto(BeatUpdateBodySchema) {}
export class BeatRenameBodyDto extends createZodDto(BeatRenameBodySchema) {}
export class BeatDoneBodyDto extends createZodDto(BeatDoneBodySchema) {}
export class BeatDoneDto extends createZodDto(BeatDoneSchema.extend({ version: z.int().min(0) })) {}
export class BeatParamsDto extends createZodDto(BeatParamsSchema) {}
export class BeatListQueryDto extends createZodDto(BeatListQuerySchema) {}
export class BeatDto extends createZodDto(BeatSchema.extend({ created_by: z.string(), created_at: z.string() })) {}
export class EndingPointsBodyDto extends createZodDto(EndingPointsBodySchema) {}
export class EndingPointsDto extends createZodDto(z.object({ ending_points: z.array(z.number()) })) {}
