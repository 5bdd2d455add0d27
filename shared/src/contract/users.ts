import { z } from 'zod';

import { DOT_SEGMENT_MESSAGE, isDotSegment } from './wire-values';

export const USERNAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** Letters, digits and @ . + - _ (the usual staff-login alphabet). */
export const USERNAME_PATTERN = /^[A-Za-z0-9@.+_-]+$/;

export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank')
  .max(USERNAME_MAX_LENGTH, `Ensure this field has no more than ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'Enter a valid username: letters, digits and @/./+/-/_ only')
  .refine((name) => !isDotSegment(name), DOT_SEGMENT_MESSAGE);

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Ensure this field has at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters`);

export const UserSchema = z.object({
  username: z.string(),
  admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = z.array(UserSchema);

export const UserCreateRequestSchema = z.strictObject({
  username: UsernameSchema,
  password: PasswordSchema,
  admin: z.boolean().default(false),
});
export type UserCreateRequest = z.input<typeof UserCreateRequestSchema>;

/** Edit form: password optional; an empty string means "keep the current one". */
export const UserUpdateRequestSchema = z.strictObject({
  username: UsernameSchema,
  password: z.union([z.literal(''), PasswordSchema]).optional(),
  admin: z.boolean().optional(),
});
export type UserUpdateRequest = z.input<typeof UserUpdateRequestSchema>;
