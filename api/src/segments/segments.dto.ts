import { SegmentStatsQuerySchema, SegmentStatsRowSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class SegmentStatsQueryDto extends createZodDto(SegmentStatsQuerySchema) {}
export class SegmentStatsRowDto extends createZodDto(SegmentStatsRowSchema) {}
