/** Emitted (and awaited) after one audio's tags changed (its new tag keys) or a tag was removed from every audio. */
export const AUDIO_TAGS_CHANGED = 'audio.tags-changed';
export type AudioTagsChanged = { musicCanonicalId: string; tagKeys: string[] } | { removedTagKey: string };
