import { createZodDto } from 'nestjs-zod';
import { TagCreateBodySchema, TagParamsSchema, TagSchema } from '@curator/shared/contract';

export class TagCreateBodyDto extends createZodDto(TagCreateBodySchema) {}
export class TagParamsDto extends createZodDto(TagParamsSchema) {}
export class TagDto extends createZodDto(TagSchema) {}
