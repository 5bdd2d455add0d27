import {
  type AudioFilters,
  buildAudioListSearch,
  DEFAULT_AUDIO_FILTERS,
  parseAudioListSearch,
  toAudioListQuery,
} from './audio-list-search';

const EVERY_FILTER: AudioFilters = {
  audio_type: 'music',
  reel_count_min: 3,
  reel_count_max: 40,
  media_length_ms_min: 1000,
  media_length_ms_max: 90000,
  available_templates_min: 0,
  available_templates_max: 9,
  approved_templates_min: 1,
  approved_templates_max: 2,
  template_clips_count_min: 4,
  template_clips_count_max: 8,
  trendlist: 'hyper',
  has_stem: true,
  has_eps: true,
  created_from: '2024-01-02T03:04:00.000Z',
  created_to: '2024-02-02T03:04:00.000Z',
  q: 'a.b*(c',
  tags: ['inside app', 'bad'],
  sort_by: 'growth',
  sort_dir: 'asc',
};

describe('audio list URL ↔ filters', () => {
  it('reads every filter and the skip back exactly as written', () => {
    const search = buildAudioListSearch(EVERY_FILTER, 300);
    expect(parseAudioListSearch(new URLSearchParams(search.toString()))).toEqual({
      filters: EVERY_FILTER,
      skip: 300,
      unreadBounds: {},
    });
  });

  it('writes nothing for the defaults, so the unfiltered list is plain /audios/', () => {
    expect(buildAudioListSearch(DEFAULT_AUDIO_FILTERS, 0).toString()).toBe('');
    expect(parseAudioListSearch(new URLSearchParams(''))).toEqual({
      filters: DEFAULT_AUDIO_FILTERS,
      skip: 0,
      unreadBounds: {},
    });
  });

  it('repeats the tags key, one per tag, without case duplicates', () => {
    const search = buildAudioListSearch({ ...DEFAULT_AUDIO_FILTERS, tags: ['bad', 'BAD', 'discovery app'] });
    expect(search.getAll('tags')).toEqual(['bad', 'discovery app']);
  });

  it('drops values a hand-edited link gets wrong instead of failing the whole list', () => {
    const { filters, skip, unreadBounds } = parseAudioListSearch(
      new URLSearchParams(
        'reel_count_min=abc&reel_count_max=-2&audio_type=video&trendlist=x&skip=-100&sort_dir=up&created_from=never&media_length_ms_min=',
      ),
    );
    expect(filters).toEqual(DEFAULT_AUDIO_FILTERS);
    expect(skip).toBe(0);
    // The bounds are kept as written, for the form to say at their boxes what is wrong; an empty one is no bound.
    expect(unreadBounds).toEqual({ reel_count_min: 'abc', reel_count_max: '-2' });
  });

  it('sends only the filters in use to GET /api/audio/, with skip and sort always', () => {
    const filters: AudioFilters = {
      ...DEFAULT_AUDIO_FILTERS,
      reel_count_min: 0,
      reel_count_max: null as unknown as undefined,
      tags: ['bad'],
    };
    expect(toAudioListQuery(filters, 100)).toEqual({
      skip: 100,
      sort_by: 'created_at',
      sort_dir: 'desc',
      reel_count_min: 0,
      tags: ['bad'],
    });
    expect(toAudioListQuery(EVERY_FILTER, 0)).toMatchObject({
      audio_type: 'music',
      has_stem: true,
      has_eps: true,
      trendlist: 'hyper',
      q: 'a.b*(c',
    });
  });
});
