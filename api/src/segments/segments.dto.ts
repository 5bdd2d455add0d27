import { createZodDto } from 'nestjs-zod';
import { SegmentStatsQuerySchema, SegmentStatsRowSchema } from '@curator/shared/contract';

export class SegmentStatsQueryDto extends createZodDto(SegmentStatsQuerySchema) {}
export class SegmentStatsRowDto extends createZodDto(SegmentStatsRowSchema) {}
