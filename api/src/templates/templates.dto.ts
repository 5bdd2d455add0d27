import { TemplateListQuerySchema, TemplateSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class TemplateListQueryDto extends createZodDto(TemplateListQuerySchema) {}
export class TemplateDto extends createZodDto(TemplateSchema) {}
