// Same pages as the catalog's links; kept per remote until they move to shared.
const PLATFORM_ORIGIN = 'https://www.instagram.com';

/** The platform's page of an audio (its reels using that audio). */
export function buildPlatformAudioUrl(audioId: string): string {
  return `${PLATFORM_ORIGIN}/reels/audio/${encodeURIComponent(audioId)}/`;
}

/** The platform's page of a reel, by its code. */
export function buildPlatformReelUrl(code: string): string {
  return `${PLATFORM_ORIGIN}/reel/${encodeURIComponent(code)}/`;
}
