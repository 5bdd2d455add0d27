import { createZodDto } from 'nestjs-zod';
import { MetricSchema } from '@curator/shared/contract';

export class MetricDto extends createZodDto(MetricSchema) {}
