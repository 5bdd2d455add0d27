// The contract's plain values (limits, patterns, the values of the list's enums), without zod: a screen
// that needs only these does not load the schema library. The schemas beside them build on these.

import { AUDIO_TYPES, TREND_LIST_VALUES } from '../domain/constants';

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const NAME_MAX_LENGTH = 200;
export const SEARCH_MAX_LENGTH = 200;
export const MAX_OFFSETS = 2000;
/** Upper bound of any time on the wire: 24 hours. */
export const MAX_TIME_S = 86_400;
export const MAX_COUNT = Number.MAX_SAFE_INTEGER;

/**
 * NUL, tab, newline and the other C0/C1 control characters, the controls that reorder text (a right-to-left override
 * shows "ab" as "ba"), and half a UTF-16 pair (no character at all): never part of a name.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/**
 * Text without the spaces and the invisible format characters (zero-width space and joiners, word joiner, byte-order
 * mark, soft hyphen, …) at either end: a name of nothing but those is blank.
 */
export const trimText = (text: string): string => text.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');
export const NO_CONTROL_CHARACTERS_MESSAGE = 'Control characters (such as NUL, tab or a line break) are not allowed';

export const TAG_MAX_LENGTH = 100;
export const TAGS_PER_AUDIO_MAX = 100;

export const AUDIO_SORT_FIELDS = ['created_at', 'growth'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const AUDIO_TYPE_FILTERS = ['all', ...AUDIO_TYPES] as const;
export const TREND_LIST_FILTERS = ['all', ...TREND_LIST_VALUES] as const;

/**
 * '.' and '..' are no name a path can carry: browsers and proxies read them as "this" and "the parent" folder, so
 * `/api/tags/../` reaches `/api/`. Tags and usernames, which travel in paths, refuse them.
 */
export const isDotSegment = (text: string): boolean => text === '.' || text === '..';
export const DOT_SEGMENT_MESSAGE = "A name cannot be '.' or '..'";
