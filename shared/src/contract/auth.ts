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

/**
 * Login throttle. Failures count within the window. One (username, address) pair gets
 * LOGIN_FREE_FAILURES attempts without delay; after that each further attempt must wait a delay
 * that doubles with every failure (LOGIN_DELAY_BASE_MS, 2×, 4×, … up to LOGIN_DELAY_MAX_MS), so a
 * guesser on one address cannot lock the account's owner out on theirs. A username (from every
 * address) and an address (for every username) are refused outright past their own, larger limits.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_DELAY_BASE_MS = 1000;
export const LOGIN_DELAY_MAX_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 100;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
