import { HlPointListSchema, MetricListSchema } from '@curator/shared/contract';

import { CatalogCountersService } from '../src/audios/catalog-counters.service';
import { createTestApp, TestApp } from './helpers/test-app';
import { buildReportCatalog, connectionOf, insertReportCatalog } from './reports-fixture';

const catalog = buildReportCatalog(90, 5);

describe.each(['memory', 'database'])('GET /api/metrics/ and GET /api/hlpoints/ (AUDIO_LIST_INDEX=%s)', (listIndex) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUDIO_LIST_INDEX: listIndex } });
    await t.loginAs('max');
    await insertReportCatalog(t, catalog);
  });
  afterAll(() => t.close());

  async function metrics(): Promise<Record<string, unknown>> {
    const res = await t.agent.get('/api/metrics/').expect(200);
    return Object.fromEntries(MetricListSchema.parse(res.body).map((m) => [m.key, m.value]));
  }

  it('lists live figures counted from the records', async () => {
    const m = await metrics();
    const approvedTemplates = catalog.templates.filter((x) => x.approved === true).length;
    expect(m).toMatchObject({
      audios: catalog.audios.length,
      templates: catalog.templates.length,
      templates_available: catalog.templates.filter((x) => x.approved !== false && x.started_at_highlight).length,
      reels: catalog.reels.length,
      beats: 0,
      approvals: approvedTemplates,
      approved_templates: approvedTemplates,
      done_beats: 0,
      users: 1,
      tags: 0,
      analysis_jobs_queued: 0,
      analysis_jobs_failed: 0,
    });
    expect(m.database_size_bytes).toEqual(expect.any(Number));
    expect(m.database_size_bytes as number).toBeGreaterThan(0);
    expect(m.database_size).toMatch(/^\d+(\.\d)? (B|KB|MB|GB|TB)$/);
  });

  it('follows writes: a done beat, a failed and a queued job show at once', async () => {
    const db = connectionOf(t);
    await db.collection('beats').insertMany([
      { music_canonical_id: 'r0001', name: 'b', done: true },
      { music_canonical_id: 'r0001', name: 'c', done: false },
    ]);
    await db.collection('analysis_jobs').insertMany([
      { key: 'k1', status: 'failed' },
      { key: 'k2', status: 'queued' },
      { key: 'k3', status: 'queued' },
    ]);
    const m = await metrics();
    const approvedTemplates = catalog.templates.filter((x) => x.approved === true).length;
    expect(m).toMatchObject({
      beats: 2,
      done_beats: 1,
      approvals: approvedTemplates + 1,
      analysis_jobs_queued: 2,
      analysis_jobs_failed: 1,
    });
  });

  it('lists HL points by how many templates start there, most frequent first, and top is the first', async () => {
    const counts = new Map<number, number>();
    for (const x of catalog.templates)
      if (x.audio_asset_start_time_in_ms !== null)
        counts.set(x.audio_asset_start_time_in_ms, (counts.get(x.audio_asset_start_time_in_ms) ?? 0) + 1);
    const expected = [...counts].sort(([a, x], [b, y]) => y - x || a - b);
    const res = await t.agent.get('/api/hlpoints/').expect(200);
    const list = HlPointListSchema.parse(res.body);
    expect(list.map((p) => [p.audio_asset_start_time_in_ms, p.count])).toEqual(expected);
    for (const p of list) {
      const newest = Math.max(
        ...catalog.templates
          .filter((x) => x.audio_asset_start_time_in_ms === p.audio_asset_start_time_in_ms)
          .map((x) => x.created_at.getTime()),
      );
      expect(p.updated_at).toBe(new Date(newest).toISOString());
    }
    const top = await t.agent.get('/api/hlpoints/top/').expect(200);
    expect(top.body).toEqual({ audio_asset_start_time_in_ms: expected[0][0] });
  });

  it('lists every start time, not only the first hundred, and counts the new templates at once', async () => {
    const before = HlPointListSchema.parse((await t.agent.get('/api/hlpoints/').expect(200)).body).length;
    const fromReels = async () => (await t.agent.get('/api/templates/from_reels/').expect(200)).body.count as number;
    const countedBefore = await fromReels();
    const [template] = catalog.templates;
    const extra = Array.from({ length: 150 }, (_, i) => ({
      ...template,
      template_clips_media_id: `hl-extra-${i}`,
      code: `HLX${i}`,
      audio_asset_start_time_in_ms: 500_000 + i * 10,
    }));
    await connectionOf(t).collection('templates').insertMany(extra);
    await t.app.get(CatalogCountersService).recount([template.music_canonical_id]);
    const list = HlPointListSchema.parse((await t.agent.get('/api/hlpoints/').expect(200)).body);
    expect(list.length).toBe(before + 150);
    expect(list.length).toBeGreaterThan(100);
    expect(await fromReels()).toBe(countedBefore + 150);
  });
});
