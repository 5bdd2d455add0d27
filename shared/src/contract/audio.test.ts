import { AudioListQuerySchema, TaggifyBodySchema } from './audio';
import { EndingPointsBodySchema } from './eps';

describe('AudioListQuerySchema', () => {
  it('applies defaults to an empty query', () => {
    expect(AudioListQuerySchema.parse({})).toEqual({
      skip: 0,
      audio_type: 'all',
      trendlist: 'all',
      tags: [],
      sort_by: 'created_at',
      sort_dir: 'desc',
    });
  });

  it('coerces every filter from query-string text', () => {
    const parsed = AudioListQuerySchema.parse({
      skip: '100',
      audio_type: 'music',
      reel_count_min: '5',
      reel_count_max: '',
      media_length_ms_min: '1000',
      available_templates_max: '3',
      approved_templates_min: '0',
      template_clips_count_min: '2',
      trendlist: 'hyper',
      has_stem: 'true',
      has_eps: '',
      created_from: '2024-01-01T00:00:00Z',
      q: ' Queen ',
      tags: ['bad', 'inside app'],
      sort_by: 'growth',
      sort_dir: 'asc',
    });
    expect(parsed).toMatchObject({
      skip: 100,
      audio_type: 'music',
      reel_count_min: 5,
      media_length_ms_min: 1000,
      available_templates_max: 3,
      approved_templates_min: 0,
      template_clips_count_min: 2,
      trendlist: 'hyper',
      has_stem: true,
      q: 'Queen',
      tags: ['bad', 'inside app'],
      sort_by: 'growth',
      sort_dir: 'asc',
    });
    expect(parsed.reel_count_max).toBeUndefined();
    expect(parsed.has_eps).toBeUndefined();
    expect(parsed.created_from).toEqual(new Date('2024-01-01T00:00:00Z'));
  });

  it.each([
    ['skip', '-1'],
    ['reel_count_min', 'ten'],
    ['media_length_ms_max', '12.5'],
    ['created_to', 'not a date'],
    ['audio_type', 'podcast'],
    ['trendlist', 'viral'],
    ['sort_by', 'name'],
    ['sort_dir', 'up'],
    ['has_stem', 'maybe'],
  ])('refuses %s=%p with an issue on that field', (key, value) => {
    const result = AudioListQuerySchema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([key]);
  });

  it('refuses unknown and operator-looking keys', () => {
    expect(AudioListQuerySchema.safeParse({ reel_count_mn: '5' }).success).toBe(false);
    expect(AudioListQuerySchema.safeParse({ $where: '1' }).success).toBe(false);
    expect(AudioListQuerySchema.safeParse({ 'tags.0': 'x' }).success).toBe(false);
    expect(AudioListQuerySchema.safeParse({ tags: { $ne: 'x' } }).success).toBe(false);
  });
});

describe('TaggifyBodySchema', () => {
  it('trims and drops case-insensitive duplicates', () => {
    expect(TaggifyBodySchema.parse({ tags: [' bad', 'Bad', 'inside app'] })).toEqual({ tags: ['bad', 'inside app'] });
  });

  it('refuses blank tags, $-tags, non-strings and extra fields', () => {
    expect(TaggifyBodySchema.safeParse({ tags: ['  '] }).success).toBe(false);
    expect(TaggifyBodySchema.safeParse({ tags: ['\u200b'] }).success).toBe(false);
    expect(TaggifyBodySchema.parse({ tags: ['\u200bcafé\u200b', 'CAFÉ'] })).toEqual({ tags: ['café'] });
    expect(TaggifyBodySchema.safeParse({ tags: ['$where'] }).success).toBe(false);
    expect(TaggifyBodySchema.safeParse({ tags: [{ $ne: 1 }] }).success).toBe(false);
    expect(TaggifyBodySchema.safeParse({ tags: [], extra: 1 }).success).toBe(false);
  });
});

describe('EndingPointsBodySchema', () => {
  it('returns the points sorted and rounded', () => {
    expect(EndingPointsBodySchema.parse({ ending_points: [5, 1.004, 3] })).toEqual({ ending_points: [1, 3, 5] });
    expect(EndingPointsBodySchema.parse({ ending_points: [] })).toEqual({ ending_points: [] });
  });

  it('refuses duplicates, points closer than 0.5 s, negatives and strings', () => {
    for (const ending_points of [[1, 1], [1, 1.2], [-1], ['2']]) {
      expect(EndingPointsBodySchema.safeParse({ ending_points }).success).toBe(false);
    }
    const tooClose = EndingPointsBodySchema.safeParse({ ending_points: [1, 1.2] });
    expect(tooClose.error?.issues[0].message).toBe('Ending points must be at least 0.5 s apart');
  });

  it('reads the list a save was based on as read, normalised, spacing unchecked; a string in it is refused', () => {
    expect(EndingPointsBodySchema.parse({ ending_points: [4], based_on: [3.2, 3, 3.004] })).toEqual({
      ending_points: [4],
      based_on: [3, 3.2],
    });
    expect(EndingPointsBodySchema.safeParse({ ending_points: [4], based_on: ['3'] }).success).toBe(false);
  });

  it('gives one error per cause: a negative point is not also reported as too close', () => {
    const negative = EndingPointsBodySchema.safeParse({ ending_points: [-1, 3, 5] });
    expect(negative.error?.issues.map((i) => i.path.join('.'))).toEqual(['ending_points.0']);
    const both = EndingPointsBodySchema.safeParse({ ending_points: [-1, 3, 3.2] });
    expect(both.error?.issues.map((i) => i.path.join('.'))).toEqual(['ending_points.0']);
  });
});
