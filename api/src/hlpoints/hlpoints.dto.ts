import { createZodDto } from 'nestjs-zod';
import { HlPointSchema, HlPointTopSchema } from '@curator/shared/contract';

export class HlPointDto extends createZodDto(HlPointSchema) {}
export class HlPointTopDto extends createZodDto(HlPointTopSchema) {}
