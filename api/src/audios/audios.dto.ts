import {
  AudioDetailSchema,
  AudioListPageSchema,
  AudioListQuerySchema,
  AudioParamsSchema,
  TaggifyBodySchema,
} from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** The query as documented: dates are ISO strings on the wire (a Date input has no JSON Schema). */
const AudioListQueryDocSchema = AudioListQuerySchema.extend({
  created_from: z.iso.datetime({ offset: true, local: true }).optional(),
  created_to: z.iso.datetime({ offset: true, local: true }).optional(),
});
const AudioListQueryDocDto = createZodDto(AudioListQueryDocSchema);

/**
 * Validated with the shared schema, documented with the string-date one. Not a subclass of a
 * createZodDto class: swagger would also ask the parent for its (Date-bearing) schema.
 */
export class AudioListQueryDto {
  static readonly isZodDto = true;
  static readonly schema = AudioListQuerySchema;
  static readonly codec = false;
  static _OPENAPI_METADATA_FACTORY(): unknown {
    return AudioListQueryDocDto._OPENAPI_METADATA_FACTORY();
  }
}
export class AudioListPageDto extends createZodDto(AudioListPageSchema) {}
export class AudioParamsDto extends createZodDto(AudioParamsSchema) {}
export class AudioDetailDto extends createZodDto(AudioDetailSchema) {}
export class TaggifyBodyDto extends createZodDto(TaggifyBodySchema) {}
