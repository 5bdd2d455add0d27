import { createZodDto } from 'nestjs-zod';
import { TemplateListQuerySchema, TemplateSchema } from '@curator/shared/contract';

export class TemplateListQueryDto extends createZodDto(TemplateListQuerySchema) {}
export class TemplateDto extends createZodDto(TemplateSchema) {}
