import {
  TemplateApprovalSchema,
  TemplateApprovedBodySchema,
  TemplateCountSchema,
  TemplatesFromReelsSchema,
  TemplateToggleApprovalBodySchema,
} from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class TemplateToggleApprovalBodyDto extends createZodDto(TemplateToggleApprovalBodySchema) {}
export class TemplateApprovedBodyDto extends createZodDto(TemplateApprovedBodySchema) {}
export class TemplateCountDto extends createZodDto(TemplateCountSchema) {}
export class TemplatesFromReelsDto extends createZodDto(TemplatesFromReelsSchema) {}
export class TemplateApprovalDto extends createZodDto(TemplateApprovalSchema) {}
