import {
  TemplateApprovedBodySchema,
  TemplateCountSchema,
  TemplatesFromReelsSchema,
  TemplateToggleApprovalBodySchema,
} from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class TemplateToggleApprovalBodyDto extends createZodDto(TemplateToggleApprovalBodySchema) {}
export class TemplateApprovedBodyDto extends createZodDto(TemplateApprovedBodySchema) {}
export class TemplateCountDto extends createZodDto(TemplateCountSchema) {}
export class TemplatesFromReelsDto extends createZodDto(TemplatesFromReelsSchema) {}
export class TemplateApprovalDto extends createZodDto(
  z.object({ music_canonical_id: z.string(), template_clips_media_id: z.string(), approved: z.boolean().nullable() }),
) {}
