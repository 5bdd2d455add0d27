/** Business constants (docs/rules.md "Limits"); one definition for API and UIs. */

export const PAGE_SIZE = 100;
export const STEM_POLL_INTERVAL_MS = 4000;
export const LOCK_REFRESH_MS = 10_000;
export const LOCK_EXPIRY_MS = 30_000;
export const TOAST_DURATION_MS = 4000;
export const PLAYBACK_TIME_UPDATE_THROTTLE_MS = 10;

export const ENDING_POINT_MARGIN_S = 0.5;
export const TEMPLATE_LENGTH_CAP_S = 30;
/**
 * How far past an audio's length (as the catalog holds it) an offset or ending point may lie: that length can be
 * rounded, and a file plays a little longer than it says (an MP3's padding), so a beat found on its last sound may
 * fall just past it.
 */
export const END_SLACK_S = 1;
export const SIMILARITY_THRESHOLD_DEFAULT_PERCENT = 90;
export const SIMILARITY_THRESHOLD_MIN_PERCENT = 0;
export const SIMILARITY_THRESHOLD_MAX_PERCENT = 100;

/** Waveform zoom is wavesurfer's minPxPerSec. */
export const ZOOM_MIN_PX_PER_S = 0;
export const ZOOM_MAX_PX_PER_S = 200;
export const ZOOM_DEFAULT_PX_PER_S = 0;
export const PLAYBACK_RATE_MIN = 0.5;
export const PLAYBACK_RATE_MAX = 2;
export const PLAYBACK_RATE_STEP = 0.1;
export const PLAYBACK_RATE_DEFAULT = 1;
export const VOLUME_MIN_PERCENT = 0;
export const VOLUME_MAX_PERCENT = 100;
export const VOLUME_DEFAULT_PERCENT = 100;
export const DECODE_SAMPLE_RATE_HZ = 8000;
export const WAVEFORM_HEIGHT_PX = 128;

export const SELECT_MENU_MAX_HEIGHT_PX = 300;
export const SELECT_PAGE_SIZE = 5;
export const MENU_TYPEAHEAD_RESET_MS = 350;

export const TREND_LIST_VALUES = ['trending', 'emerging', 'hyper'] as const;
export type TrendList = (typeof TREND_LIST_VALUES)[number];

export const AUDIO_TYPES = ['original_sound', 'music'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

export const BEAT_TYPES = ['ep', 'auto', 'manual'] as const;
export type BeatType = (typeof BEAT_TYPES)[number];

/** Tags behind the quick toggle buttons of the audio list. */
export const QUICK_TAGS = ['bad', 'inside app', 'discovery app'] as const;
export type QuickTag = (typeof QUICK_TAGS)[number];

/** Name of the beat the Autobeat button creates. */
export const AUTOBEAT_BEAT_NAME = 'automated';

export const STEM_STATUS_READY = 'ready';

/** Maps the audio's flag to its audio type. */
export function deriveAudioType(isOriginalSound: boolean): AudioType {
  return isOriginalSound ? 'original_sound' : 'music';
}
