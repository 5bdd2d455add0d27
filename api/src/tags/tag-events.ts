/** Emitted (and awaited) after a tag record was deleted: the audios drop the tag (its key). */
export const TAG_DELETED = 'tag.deleted';
export type TagDeleted = { tagKey: string };
