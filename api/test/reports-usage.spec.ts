import { AudioUsageListSchema, type AudioUsageRow } from '@curator/shared/contract';

import { createTestApp, TestApp } from './helpers/test-app';
import { buildReportCatalog, DAY_MS, insertReportCatalog, WINDOW_START } from './reports-fixture';

const catalog = buildReportCatalog(260);

/** Usage rows worked out in plain JS from the reel records: count desc, then id. */
function expectedUsage(from?: Date, to?: Date): AudioUsageRow[] {
  const counts: Record<string, number> = {};
  for (const reel of catalog.reels) {
    const at = reel.taken_at.getTime();
    if ((from && at < from.getTime()) || (to && at > to.getTime())) continue;
    counts[reel.music_canonical_id] = (counts[reel.music_canonical_id] ?? 0) + 1;
  }
  return Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([id, usage_count]) => {
      const audio = catalog.audios.find((a) => a.music_canonical_id === id)!;
      return { id, audio_name: audio.audio_name, artist_name: audio.artist_name, usage_count, tags: audio.tags };
    });
}

describe('GET /api/audio-usage/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('una');
    await insertReportCatalog(t, catalog);
  });
  afterAll(() => t.close());

  async function fetchAll(query: Record<string, string>): Promise<AudioUsageRow[]> {
    const rows: AudioUsageRow[] = [];
    for (let skip = 0; ; skip += 100) {
      const res = await t.agent
        .get('/api/audio-usage/')
        .query({ ...query, skip: String(skip) })
        .expect(200);
      const page = AudioUsageListSchema.parse(res.body);
      expect(page.length).toBeLessThanOrEqual(100);
      rows.push(...page);
      if (page.length < 100) return rows;
    }
  }

  it('without a window counts every reel per audio, most used first, over pages of 100', async () => {
    const expected = expectedUsage();
    expect(expected.length).toBeGreaterThan(200);
    expect(await fetchAll({})).toEqual(expected);
  });

  it.each([
    ['one week', 3, 10],
    ['one day', 20, 21],
    ['the first half', 0, 30],
  ])('counts only reels taken within %s, both ends inclusive', async (_name, fromDay, toDay) => {
    const from = new Date(WINDOW_START + fromDay * DAY_MS);
    const to = new Date(WINDOW_START + toDay * DAY_MS);
    const expected = expectedUsage(from, to);
    expect(expected.length).toBeGreaterThan(0);
    expect(await fetchAll({ taken_at_from: from.toISOString(), taken_at_to: to.toISOString() })).toEqual(expected);
  });

  it('takes an open-ended window from either side', async () => {
    const from = new Date(WINDOW_START + 45 * DAY_MS);
    expect(await fetchAll({ taken_at_from: from.toISOString() })).toEqual(expectedUsage(from));
    expect(await fetchAll({ taken_at_to: from.toISOString() })).toEqual(expectedUsage(undefined, from));
  });

  it('includes a reel taken exactly at either bound', async () => {
    const reel = catalog.reels[5];
    const at = reel.taken_at.toISOString();
    const res = await t.agent.get('/api/audio-usage/').query({ taken_at_from: at, taken_at_to: at }).expect(200);
    const sameInstant = catalog.reels.filter(
      (r) => r.taken_at.getTime() === reel.taken_at.getTime() && r.music_canonical_id === reel.music_canonical_id,
    );
    expect(res.body).toContainEqual(
      expect.objectContaining({ id: reel.music_canonical_id, usage_count: sameInstant.length }),
    );
  });

  it('answers an empty page past the end and for a window with no reels', async () => {
    await t.agent.get('/api/audio-usage/').query({ skip: '100000' }).expect(200, []);
    await t.agent.get('/api/audio-usage/').query({ taken_at_from: '2030-01-01T00:00:00Z' }).expect(200, []);
  });

  it.each([
    [{ taken_at_from: 'yesterday' }, 'taken_at_from'],
    [{ taken_at_to: '2024-13-45' }, 'taken_at_to'],
    [{ skip: '-100' }, 'skip'],
    [{ skip: 'ten' }, 'skip'],
    [{ skip: '1.5' }, 'skip'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j with 422 naming the field', async (query, field) => {
    const res = await t.agent.get('/api/audio-usage/').query(query).expect(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(`query.${field}`);
  });

  it('refuses a window that ends before it starts', async () => {
    const res = await t.agent
      .get('/api/audio-usage/')
      .query({ taken_at_from: '2024-05-10T00:00:00Z', taken_at_to: '2024-05-01T00:00:00Z' })
      .expect(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'taken_at_to']);
  });

  it('needs a session', async () => {
    const { default: request } = await import('supertest');
    await request(t.app.getHttpServer()).get('/api/audio-usage/').expect(401);
  });
});
