import type { AudioListQueryParams } from '../contract/audio';
import { AUDIO_LIST_PATH, parseAudioListSearch, toAudioListQuery } from './audio-list-search';

// The API reads a page's first drawing starts with, as paths below /api/. The screens' queries build
// their addresses with these functions, and the API's page head preloads the same addresses, so that
// the answers are on their way while the page's scripts load. A screen built with other rules than
// the API's only makes the preload miss: the screen then asks as before.

type QueryValue = string | number | boolean | Date | readonly string[] | undefined | null;

/** Query string with repeated keys for lists (`tags=a&tags=b`); empty values are left out. */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, item));
    else search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** GET /api/audio/ with these filters and skip. */
export const audioListReadPath = (query: AudioListQueryParams) => `audio/${toQueryString(query)}`;

/** GET /api/audio/{id}/. */
export const audioReadPath = (id: string) => `audio/${encodeURIComponent(id)}/`;

/** GET /api/tags/. */
export const TAG_LIST_READ_PATH = 'tags/';

const WORKSPACE_PATH = /^\/beats\/([^/]+)\/$/;

/** The workspace page of an audio: `/beats/{id}/`, the id encoded as one path segment. */
export function workspacePath(audioId: string): string {
  return `/beats/${encodeURIComponent(audioId)}/`;
}

/** The audio id of a workspace page (`/beats/{id}/`, as `workspacePath` makes it), or null. */
export function workspaceAudioIdOf(pathname: string): string | null {
  const encoded = WORKSPACE_PATH.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * The reads (paths below /api/) a page's screen asks for first, before it draws: the audio list's
 * page and tags, the workspace's audio. None for other pages.
 */
export function firstReadsOf(pathname: string, search: string): string[] {
  if (pathname === AUDIO_LIST_PATH) {
    const { filters, skip } = parseAudioListSearch(new URLSearchParams(search));
    return [audioListReadPath(toAudioListQuery(filters, skip)), TAG_LIST_READ_PATH];
  }
  const audioId = workspaceAudioIdOf(pathname);
  return audioId === null ? [] : [audioReadPath(audioId)];
}
