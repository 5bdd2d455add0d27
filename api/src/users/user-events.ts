/** Emitted (and awaited) after a user's name changed: records that name the user follow it. */
export const USER_RENAMED = 'user.renamed';
export type UserRenamed = { from: string; to: string };
