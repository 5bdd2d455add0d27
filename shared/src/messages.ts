/**
 * Every quoted UI text of the product (docs/screens.md), exactly as written (typos included: people and tests
 * search for them). Texts the domain rules return are defined in domain/rule-messages.ts, because
 * the API loads the built domain on its own, and re-exported here so the UIs have one place.
 */
export {
  ENDING_POINT_AFTER_END_MESSAGE,
  ENDING_POINT_TOO_CLOSE_MESSAGE,
  formatEndingPointTooClose,
  formatLockedBy,
  INVALID_ENDING_POINT_MESSAGE,
  INVALID_OFFSET_MESSAGE,
  NO_EPS_MESSAGE,
  OFFSET_AFTER_END_MESSAGE,
  OFFSET_BEFORE_HIGHLIGHT_MESSAGE,
  SELECT_BEAT_FIRST_MESSAGE,
} from './domain/rule-messages';

// Placeholders and labels
export const AUDIO_SEARCH_PLACEHOLDER = 'Search for an audio or artist';
export const NEW_BEAT_NAME_PLACEHOLDER = 'make new beat, type a name here or leave empty';
export const SIMILARITY_THRESHOLD_LABEL = 'Similarity treshhold %';
export const SELECT_PLACEHOLDER = 'Select...';
export const BEATS_AND_TEMPLATES_TITLE = 'Beats & Templates';
export const DEFAULT_HL_POINT_LABEL = 'DEFAULT HL Point';
export const NO_MEDIA_MESSAGE = 'This audio has no Media downloaded';
/** The workspace's waveform when the media file does not load or play (not audio, cut short, gone). */
export const MEDIA_FAILED_MESSAGE = 'The media file of this audio could not be played; beats can still be typed in';

// Confirms and request failures without a response
export const CONFIRM_DELETE_MESSAGE = 'are you sure ?';
export const LOGIN_NO_RESPONSE_TEXT = 'server error';
/** The login page after the session ended under a change (the kernel's UNSAVED_CHANGE_PARAM). */
export const SESSION_ENDED_UNSAVED_TEXT =
  'Your session ended before your last change was saved: sign in, then make it again.';
export const CREATE_USER_NO_RESPONSE_TEXT = 'Error';

/** Segments page header: 'Templates From Sheet: n, Discarded due to HL: n'. */
export function formatTemplatesFromSheet(count: number, discardedHl: number): string {
  return `Templates From Sheet: ${count}, Discarded due to HL: ${discardedHl}`;
}

export const APPROVED_ALL_LABEL = 'Approved All';
export const APPROVED_BEATS_LABEL = 'Approved Beats';
export const APPROVED_TEMPLATES_LABEL = 'Approved Templates';

/** Segments page header: 'Approved All: n, Approved Beats: n, Approved Templates: n'. */
export function formatApprovedCounts(all: number, beats: number, templates: number): string {
  return `${APPROVED_ALL_LABEL}: ${all}, ${APPROVED_BEATS_LABEL}: ${beats}, ${APPROVED_TEMPLATES_LABEL}: ${templates}`;
}

// Navigation and user menu (docs/screens.md)
/** The accessible name of the top navigation's landmark (the shell's links to the screens). */
export const NAV_LANDMARK_LABEL = 'Screens';
export const NAV_LABELS = {
  audios: 'Audios',
  audioUsage: 'Audio Usage',
  approvals: 'Approvals',
  segments: 'Segments',
  tags: 'Tags',
  hlPoints: 'HL Points',
  metrics: 'Metrics',
  users: 'Users',
} as const;
export const SIGN_OUT_LABEL = 'Sign out';
/** Sign out got no answer or a server error: the session may still be live, so the page stays. */
export const SIGN_OUT_FAILED_TEXT = 'Sign out failed: you are still signed in. Try again.';
export const SCREENS_LABEL = 'Screens';
/** An address no screen answers. */
export const PAGE_NOT_FOUND_TITLE = 'Page not found';

// A screen that failed in its place (shell and each screen's error boundary)
export const RETRY_LABEL = 'Retry';
// A list or an audio whose query got no usable answer (no answer, or a server error): say so, with Retry
export const LIST_LOAD_FAILED_TEXT = 'This list could not be loaded: the server did not answer';
/** What an empty list says when the server refused its query (4xx): the reason follows. */
export const LIST_REFUSED_TEXT = 'Nothing to show: the server refused this query';
export const AUDIO_LOAD_FAILED_TITLE = 'The audio could not be loaded';
export const screenLoadFailedTitle = (screen: string) => `The ${screen} screen could not be loaded`;
export const screenCrashedTitle = (screen: string) => `The ${screen} screen stopped working`;
export const SCREEN_FAILURE_HINT =
  'The rest of the suite still works. Try again, or tell an administrator if it goes on.';
export const CREATE_USER_LABEL = 'Create User';

// Audio list column tooltips: each says what its number counts
export const APPROVED_COUNT_TOOLTIP = 'Done beats and approved templates';
export const AVAILABLE_COUNT_TOOLTIP = 'Templates not disapproved that start at a highlight, approved ones included';
export const TEMPLATES_LINK_TOOLTIP = 'Templates not approved yet';

// Audio list filters (docs/screens.md)
export const AUDIO_FILTER_LABELS = {
  audioType: 'Audio Type',
  reelCount: 'Reel count',
  mediaLength: 'Media length in ms',
  availableTemplates: 'Available templates',
  approvedTemplates: 'Approved templates',
  templateClipsCount: 'Template clips count',
  trendList: 'Trend List',
  hasStem: 'Has stem',
  hasEps: 'Has EPs',
  created: 'Created',
  manualTags: 'Manual Tags',
  sortBy: 'Sort By',
  sortDir: 'Sort Dir',
} as const;
export const AUDIO_TYPE_OPTION_LABELS = { all: 'All', original_sound: 'Original sound', music: 'Music' } as const;
export const SORT_BY_OPTION_LABELS = { created_at: 'Created at', growth: 'Growth' } as const;
export const SORT_DIR_OPTION_LABELS = { asc: 'ASC', desc: 'DESC' } as const;
export const ALL_OPTION_LABEL = 'All';
export const YES_OPTION_LABEL = 'Yes';

// Buttons
export const FILTER_BUTTON = 'Filter';
export const CLEAR_BUTTON = 'Clear';
export const PREV_BUTTON = 'Prev';
export const NEXT_BUTTON = 'Next';
export const TOTAL_LABEL = 'Total';
export const SAVE_BUTTON = 'Save';
export const UNLOCK_BUTTON = 'Unlock';
export const AUTOBEAT_BUTTON = 'Autobeat';
export const EPT_BUTTON = 'EPT';

// Workspace controls (docs/screens.md)
export const TRACKS_LABEL = 'Tracks';
export const ZOOM_LABEL = 'Zoom';
export const PLAYBACK_SPEED_LABEL = 'PlayBack Speed';
export const VOLUME_LABEL = 'Volume';
export const EP_SIMULATOR_TITLE = 'EP Simulator';
export const EP_SIMULATOR_SEGMENTS_LABEL = 'Segments';
export const EP_SIMULATOR_PADDING_LABEL = 'Padding';
export const FROM_LABEL = 'From';
export const TO_LABEL = 'To';
export const SEGMENTS_STATS_SWITCH_LABELS = { available: 'Available', approved: 'Approved' } as const;

// User form (docs/screens.md)
export const USERNAME_LABEL = 'Username';
export const PASSWORD_LABEL = 'Password';
export const ADMIN_LABEL = 'Admin';

// Workspace undo/redo of an edit whose beat or ending points have changed since by other means (EPT, a tempo variant)
export const UNDO_OUTDATED_MESSAGE = 'Nothing undone: this has changed since that edit';
export const REDO_OUTDATED_MESSAGE = 'Nothing redone: this has changed since that edit';
