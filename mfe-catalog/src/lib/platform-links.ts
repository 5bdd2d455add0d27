/** Pages of the short-video platform the catalog comes from. */
const PLATFORM_ORIGIN = 'https://www.instagram.com';

/** The platform's page of an audio (its reels using that audio). */
export function buildPlatformAudioUrl(audioId: string): string {
  return `${PLATFORM_ORIGIN}/reels/audio/${encodeURIComponent(audioId)}/`;
}

/** The platform's page of a reel, by its code. */
export function buildPlatformReelUrl(code: string): string {
  return `${PLATFORM_ORIGIN}/reel/${encodeURIComponent(code)}/`;
}

/** The catalog's templates list of one audio, without the templates already approved. */
export function buildTemplatesListPath(musicCanonicalId: string): string {
  return `/templates/?music_canonical_id=${encodeURIComponent(musicCanonicalId)}&exclude_approved=true`;
}
