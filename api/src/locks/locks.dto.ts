import { createZodDto } from 'nestjs-zod';
import { LockStateSchema } from '@curator/shared/contract';

export class LockStateDto extends createZodDto(LockStateSchema) {}
