import { TagCreateBodySchema, TagParamsSchema, TagSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class TagCreateBodyDto extends createZodDto(TagCreateBodySchema) {}
export class TagParamsDto extends createZodDto(TagParamsSchema) {}
export class TagDto extends createZodDto(TagSchema) {}
