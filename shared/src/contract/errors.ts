import { z } from 'zod';

/** Error texts that the API sends and the UIs and tests look for. */
export const ERROR_MESSAGES = {
  NOT_AUTHENTICATED: 'Not authenticated',
  ADMIN_ONLY: 'Admin only',
  CSRF_FAILED: 'CSRF token missing or incorrect',
  TOO_MANY_LOGINS: 'Too many failed logins, try again later',
  INVALID_CREDENTIALS: 'Invalid username or password',
  FIELD_REQUIRED: 'Field required',
  EXTRA_FORBIDDEN: 'Extra inputs are not permitted',
  FORBIDDEN_KEY: "Keys starting with '$' or containing '.' are not allowed",
  INVALID_JSON: 'Request body is not valid JSON',
  BODY_NOT_OBJECT: 'Request body must be a JSON object',
  BODY_TOO_LARGE: 'Request body too large',
  BODY_NOT_JSON: 'Request body must be JSON',
  NOT_FOUND: 'Not found',
  INTERNAL: 'Internal server error',
  DB_UNAVAILABLE: 'Database unavailable',
} as const;

export const ValidationErrorEntrySchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationErrorEntry = z.infer<typeof ValidationErrorEntrySchema>;

/** 422 (and login 400) bodies carry a list; every other error a plain text. */
export const ErrorResponseSchema = z.object({
  detail: z.union([z.string(), z.array(ValidationErrorEntrySchema)]),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
