import { AudioUsageListSchema, AudioUsageQuerySchema, SkipSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

const AudioUsageQueryDocDto = createZodDto(
  z.strictObject({
    taken_at_from: z.iso.datetime({ offset: true, local: true }).optional(),
    taken_at_to: z.iso.datetime({ offset: true, local: true }).optional(),
    skip: SkipSchema,
  }),
);

/** Validated with the shared schema, documented with ISO-string dates (a Date has no JSON Schema). */
export class AudioUsageQueryDto {
  static readonly isZodDto = true;
  static readonly schema = AudioUsageQuerySchema;
  static readonly codec = false;
  static _OPENAPI_METADATA_FACTORY(): unknown {
    return AudioUsageQueryDocDto._OPENAPI_METADATA_FACTORY();
  }
}
export class AudioUsageRowDto extends createZodDto(AudioUsageListSchema.element) {}
