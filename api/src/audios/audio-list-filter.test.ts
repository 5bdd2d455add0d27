import { AudioListQuerySchema } from '@curator/shared/contract';

import { buildAudioListFilter, buildAudioListSort, escapeRegex } from './audio-list-filter';

const parse = (q: Record<string, unknown>) => AudioListQuerySchema.parse(q);

describe('audio list filter', () => {
  it('escapes every regex character so the text matches itself only', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
    const re = new RegExp(escapeRegex(text));
    expect(re.test(text)).toBe(true);
    expect(re.test(text.replace('.', 'X'))).toBe(false);
  });

  it('is empty without filters, and ANDs each given one', () => {
    expect(buildAudioListFilter(parse({}))).toEqual({});
    const filter = buildAudioListFilter(parse({ audio_type: 'music', reel_count_min: '3', tags: ['Bad', 'x'] }));
    expect(filter).toEqual({
      $and: [{ is_original_sound: false }, { reel_count: { $gte: 3 } }, { tag_keys: 'bad' }, { tag_keys: 'x' }],
    });
  });

  it('asks for one clips count inside the range when both bounds are given', () => {
    expect(buildAudioListFilter(parse({ template_clips_count_min: '4', template_clips_count_max: '6' }))).toEqual({
      $and: [{ available_clips_counts: { $in: [4, 5, 6] } }],
    });
    expect(buildAudioListFilter(parse({ template_clips_count_min: '9', template_clips_count_max: '2' }))).toEqual({
      $and: [{ available_clips_counts: { $in: [] } }],
    });
  });

  it('sorts by first seen or growth with the id as tie-breaker', () => {
    expect(buildAudioListSort(parse({}))).toEqual({ 'track_meta.first_seen_at': -1, music_canonical_id: -1 });
    expect(buildAudioListSort(parse({ sort_by: 'growth', sort_dir: 'asc' }))).toEqual({
      growth: 1,
      music_canonical_id: 1,
    });
  });
});
