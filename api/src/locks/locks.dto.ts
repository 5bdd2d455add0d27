import { LockStateSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class LockStateDto extends createZodDto(LockStateSchema) {}
