import { SegmentStatsListSchema, type SegmentStatsRow } from '@curator/shared/contract';

import { createTestApp, TestApp } from './helpers/test-app';
import { writer } from './helpers/workspace-fixture';
import { buildReportCatalog, insertReportCatalog } from './reports-fixture';

type Q = Partial<
  Record<'reel_count_min' | 'reel_count_max' | 'template_clips_count_min' | 'template_clips_count_max', number>
>;

const within = (v: number, min?: number, max?: number) =>
  (min === undefined || v >= min) && (max === undefined || v <= max);

/** Segment stats worked out in plain JS: filters first, then one tally per family, zero rows absent. */
function expectedStats(catalog: ReturnType<typeof buildReportCatalog>, q: Q): SegmentStatsRow[] {
  const audios = new Map(catalog.audios.map((a) => [a.music_canonical_id, a]));
  const rows: Record<number, SegmentStatsRow> = {};
  for (const t of catalog.templates) {
    const audio = audios.get(t.music_canonical_id)!;
    if (!within(audio.reel_count, q.reel_count_min, q.reel_count_max)) continue;
    if (!within(t.clips_count, q.template_clips_count_min, q.template_clips_count_max)) continue;
    const families = [
      ...(t.approved !== false && t.started_at_highlight ? ['available'] : []),
      ...(t.approved === true ? ['approved'] : []),
    ];
    for (const family of families) {
      const row = (rows[t.segments_count] ??= {
        _id: t.segments_count,
        total_approved: 0,
        total_approved_trending: 0,
        total_approved_hyper: 0,
        total_approved_emerging: 0,
        total_available: 0,
        total_available_trending: 0,
        total_available_hyper: 0,
        total_available_emerging: 0,
      });
      (row as Record<string, number>)[`total_${family}`] += 1;
      if (audio.trendlist) (row as Record<string, number>)[`total_${family}_${audio.trendlist}`] += 1;
    }
  }
  return Object.values(rows).sort((a, b) => a._id - b._id);
}

describe.each(['memory', 'database'])('GET /api/segment/stats/ (AUDIO_LIST_INDEX=%s)', (listIndex) => {
  const catalog = buildReportCatalog(220, 23);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUDIO_LIST_INDEX: listIndex } });
    await t.loginAs('sam');
    await insertReportCatalog(t, catalog);
  });
  afterAll(() => t.close());

  const cases: Array<[string, Q]> = [
    ['no filter', {}],
    ['a reel-count range', { reel_count_min: 20, reel_count_max: 50 }],
    ['a reel-count minimum only', { reel_count_min: 60 }],
    ['a clips-count range', { template_clips_count_min: 5, template_clips_count_max: 9 }],
    ['a clips-count maximum only', { template_clips_count_max: 3 }],
    [
      'both filters',
      { reel_count_min: 10, reel_count_max: 70, template_clips_count_min: 2, template_clips_count_max: 15 },
    ],
    ['a single reel count', { reel_count_min: 33, reel_count_max: 33 }],
  ];

  it.each(cases)('groups available and approved templates by segment count with %s', async (_name, q) => {
    const res = await t.agent.get('/api/segment/stats/').query(q).expect(200);
    const expected = expectedStats(catalog, q);
    expect(SegmentStatsListSchema.parse(res.body)).toEqual(expected);
  });

  it('has both switch positions to show: rows with available and rows with approved templates', () => {
    const rows = expectedStats(catalog, {});
    expect(rows.some((r) => r.total_available > 0 && r.total_available_trending > 0)).toBe(true);
    expect(rows.some((r) => r.total_approved > 0 && r.total_approved_hyper + r.total_approved_emerging > 0)).toBe(true);
    // A trend count never exceeds its family's total.
    for (const r of rows)
      expect(r.total_available_trending + r.total_available_hyper + r.total_available_emerging).toBeLessThanOrEqual(
        r.total_available,
      );
  });

  it('counts a template approval made through the API on the next read', async () => {
    const before = (await t.agent.get('/api/segment/stats/').expect(200)).body as SegmentStatsRow[];
    // A template neither approved nor disapproved: approving it adds it to the approved family.
    const template = catalog.templates.find((x) => x.approved === null)!;
    await writer(t)
      .post('/api/template-approved/', {
        music_canonical_id: template.music_canonical_id,
        template_clips_media_id: template.template_clips_media_id,
        approved: true,
      })
      .expect(200);
    template.approved = true;
    const after = (await t.agent.get('/api/segment/stats/').expect(200)).body as SegmentStatsRow[];
    expect(after).toEqual(expectedStats(catalog, {}));
    const row = (rows: SegmentStatsRow[]) => rows.find((r) => r._id === template.segments_count)?.total_approved ?? 0;
    expect(row(after)).toBe(row(before) + 1);
  });

  it('answers no rows when the filters leave nothing', async () => {
    await t.agent.get('/api/segment/stats/').query({ reel_count_min: 100000 }).expect(200, []);
  });

  it.each([
    [{ reel_count_min: 'many' }, 'reel_count_min'],
    [{ reel_count_max: '-1' }, 'reel_count_max'],
    [{ template_clips_count_min: '2.5' }, 'template_clips_count_min'],
    [{ template_clips_count_max: '1e3' }, 'template_clips_count_max'],
    [{ reel_count_min: '9', reel_count_max: '3' }, 'reel_count_max'],
    [{ approved: 'yes' }, 'approved'],
  ])('refuses %j with 422 naming the field', async (query, field) => {
    const res = await t.agent.get('/api/segment/stats/').query(query).expect(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(`query.${field}`);
  });
});
