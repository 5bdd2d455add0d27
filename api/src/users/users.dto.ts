import { UserCreateRequestSchema, UserSchema, UserUpdateRequestSchema } from '@curator/shared/contract';
import { createZodDto } from 'nestjs-zod';

export class UserCreateDto extends createZodDto(UserCreateRequestSchema) {}
export class UserUpdateDto extends createZodDto(UserUpdateRequestSchema) {}
export class UserDto extends createZodDto(UserSchema) {}
