import * as c from './constants';
import { formatLockedBy, OFFSET_BEFORE_HIGHLIGHT_MESSAGE } from './rule-messages';

describe('constants', () => {
  it('match docs/rules.md "Limits"', () => {
    expect([c.PAGE_SIZE, c.STEM_POLL_INTERVAL_MS, c.LOCK_REFRESH_MS, c.LOCK_EXPIRY_MS, c.TOAST_DURATION_MS]).toEqual([
      100, 4000, 10000, 30000, 4000,
    ]);
    expect([c.ENDING_POINT_MARGIN_S, c.TEMPLATE_LENGTH_CAP_S, c.SIMILARITY_THRESHOLD_DEFAULT_PERCENT]).toEqual([
      0.5, 30, 90,
    ]);
    expect([c.ZOOM_MIN_PX_PER_S, c.ZOOM_MAX_PX_PER_S, c.ZOOM_DEFAULT_PX_PER_S]).toEqual([0, 200, 0]);
    expect([c.PLAYBACK_RATE_MIN, c.PLAYBACK_RATE_MAX, c.PLAYBACK_RATE_STEP]).toEqual([0.5, 2, 0.1]);
    expect([c.VOLUME_MIN_PERCENT, c.VOLUME_MAX_PERCENT, c.VOLUME_DEFAULT_PERCENT]).toEqual([0, 100, 100]);
    expect([c.DECODE_SAMPLE_RATE_HZ, c.WAVEFORM_HEIGHT_PX]).toEqual([8000, 128]);
    expect(c.QUICK_TAGS).toEqual(['bad', 'inside app', 'discovery app']);
    expect(c.TREND_LIST_VALUES).toEqual(['trending', 'emerging', 'hyper']);
  });

  it('derive the audio type and keep rule texts exact', () => {
    expect(c.deriveAudioType(true)).toBe('original_sound');
    expect(c.deriveAudioType(false)).toBe('music');
    expect(formatLockedBy('ann')).toBe('Locked by ann');
    expect(OFFSET_BEFORE_HIGHLIGHT_MESSAGE).toBe('Offsets cannot be before first highlight in music');
  });
});
