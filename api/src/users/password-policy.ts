import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords that are refused beyond the contract's minimum length: the ~49,000 most common ones
 * (the list zxcvbn-ts maintains from leaked-password corpora, compared case-insensitively), one of
 * only spaces, the user's own name, and any password containing a name of four or more characters. Server-side only, so the screens do not carry the list.
 */
let common: Set<string> | undefined;

export const PASSWORD_MESSAGES = {
  COMMON: 'This password is too common: it is in a list of the most used passwords. Choose a less guessable one',
  CONTAINS_USERNAME: 'The password must not contain the username',
  BLANK: 'The password must not be only spaces',
} as const;

/** Why a password is refused for this user (message and error type), or null when it is fine. */
export function passwordProblem(password: string, username: string): { msg: string; type: string } | null {
  if (password.trim() === '') return { msg: PASSWORD_MESSAGES.BLANK, type: 'password_blank' };
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  if (common.has(lower)) return { msg: PASSWORD_MESSAGES.COMMON, type: 'password_too_common' };
  const name = username.trim().toLowerCase();
  if (lower === name || (name.length >= 4 && lower.includes(name)))
    return { msg: PASSWORD_MESSAGES.CONTAINS_USERNAME, type: 'password_contains_username' };
  return null;
}
