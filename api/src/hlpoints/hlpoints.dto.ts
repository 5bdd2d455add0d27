import { HlPointSchema, HlPointTopSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class HlPointDto extends createZodDto(HlPointSchema) {}
export class HlPointTopDto extends createZodDto(HlPointTopSchema) {}
