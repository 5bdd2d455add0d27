import * as m from './messages';

describe('UI texts', () => {
  it('keep the product wording, typos included', () => {
    expect(m.SIMILARITY_THRESHOLD_LABEL).toBe('Similarity treshhold %');
    expect(m.CONFIRM_DELETE_MESSAGE).toBe('are you sure ?');
    expect(m.AUDIO_SEARCH_PLACEHOLDER).toBe('Search for an audio or artist');
    expect(m.NEW_BEAT_NAME_PLACEHOLDER).toBe('make new beat, type a name here or leave empty');
    expect(m.NO_MEDIA_MESSAGE).toBe('This audio has no Media downloaded');
    expect(m.PLAYBACK_SPEED_LABEL).toBe('PlayBack Speed');
    expect(m.SELECT_PLACEHOLDER).toBe('Select...');
    expect(m.LOGIN_NO_RESPONSE_TEXT).toBe('server error');
    expect(m.CREATE_USER_NO_RESPONSE_TEXT).toBe('Error');
  });

  it('re-export the rule texts the domain returns', () => {
    expect(m.SELECT_BEAT_FIRST_MESSAGE).toBe('Please select a beat first');
    expect(m.INVALID_OFFSET_MESSAGE).toBe('Please type a valid offset value');
    expect(m.NO_EPS_MESSAGE).toBe('There are no EPs for this audio');
    expect(m.formatLockedBy('ann')).toBe('Locked by ann');
  });

  it('format the segments page headers', () => {
    expect(m.formatTemplatesFromSheet(12, 3)).toBe('Templates From Sheet: 12, Discarded due to HL: 3');
    expect(m.formatApprovedCounts(5, 2, 3)).toBe('Approved All: 5, Approved Beats: 2, Approved Templates: 3');
  });
});
