import { LoginRequestSchema, MeResponseSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class LoginDto extends createZodDto(LoginRequestSchema) {}
export class MeDto extends createZodDto(MeResponseSchema) {}
