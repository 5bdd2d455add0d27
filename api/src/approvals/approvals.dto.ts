import {
  ApprovalDetailSchema,
  ApprovalListQuerySchema,
  ApprovalPageSchema,
  ApprovalParamsSchema,
} from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class ApprovalListQueryDto extends createZodDto(ApprovalListQuerySchema) {}
export class ApprovalParamsDto extends createZodDto(ApprovalParamsSchema) {}
export class ApprovalPageDto extends createZodDto(ApprovalPageSchema) {}
export class ApprovalDetailDto extends createZodDto(ApprovalDetailSchema) {}
