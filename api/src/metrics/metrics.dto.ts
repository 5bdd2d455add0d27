import { MetricSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class MetricDto extends createZodDto(MetricSchema) {}
