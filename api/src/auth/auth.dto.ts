import { createZodDto } from 'nestjs-zod';
import { LoginRequestSchema, MeResponseSchema } from '@curator/shared/contract';

export class LoginDto extends createZodDto(LoginRequestSchema) {}
export class MeDto extends createZodDto(MeResponseSchema) {}
