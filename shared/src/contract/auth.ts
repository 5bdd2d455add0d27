import { z } from 'zod';

export const LoginRequestSchema = z.strictObject({
  username: z.string().min(1, 'This field may not be blank'),
  password: z.string().min(1, 'This field may not be blank'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** `GET /api/me/` and the answer of a successful login. */
export const MeResponseSchema = z.object({
  username: z.string(),
  admin: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** Failed logins allowed per username or client address within the window before 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
