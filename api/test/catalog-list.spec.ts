import { AudioDetailSchema, AudioListItemSchema } from '@curator/shared/contract';
import request from 'supertest';

import type { AudioRecord } from '../src/audios/audio.schema';
import { buildFixtureAudios, insertAudios } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

type Q = Record<string, string | string[]>;

const inRange = (v: number | null | undefined, min?: string, max?: string) =>
  (min === undefined || (v != null && v >= Number(min))) && (max === undefined || (v != null && v <= Number(max)));

/** The list's answer, worked out in plain JS from the records (independent of the Mongo filter). */
function expectedIds(all: AudioRecord[], q: Q): string[] {
  const s = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
  const tags = q.tags === undefined ? [] : ([] as string[]).concat(q.tags);
  const text = s('q')?.toLowerCase();
  const from = s('created_from') ? new Date(s('created_from')!).getTime() : undefined;
  const to = s('created_to') ? new Date(s('created_to')!).getTime() : undefined;
  const rows = all.filter((a) => {
    const seen = a.track_meta.first_seen_at?.getTime() ?? null;
    const clipMin = s('template_clips_count_min');
    const clipMax = s('template_clips_count_max');
    return (
      (s('audio_type') === undefined || a.is_original_sound === (s('audio_type') === 'original_sound')) &&
      inRange(a.reel_count, s('reel_count_min'), s('reel_count_max')) &&
      inRange(a.duration_ms, s('media_length_ms_min'), s('media_length_ms_max')) &&
      inRange(a.template_count_available, s('available_templates_min'), s('available_templates_max')) &&
      inRange(a.templates_approved_count, s('approved_templates_min'), s('approved_templates_max')) &&
      (clipMin === undefined && clipMax === undefined
        ? true
        : a.available_clips_counts.some((c) => inRange(c, clipMin, clipMax))) &&
      (s('trendlist') === undefined || a.trendlist === s('trendlist')) &&
      (s('has_stem') !== 'true' || a.stem_status === 'ready') &&
      (s('has_eps') !== 'true' || a.eps.length > 0) &&
      (from === undefined || (seen !== null && seen >= from)) &&
      (to === undefined || (seen !== null && seen <= to)) &&
      (text === undefined || a.audio_name.toLowerCase().includes(text) || a.artist_name.toLowerCase().includes(text)) &&
      tags.every((t) => a.tags.some((x) => x.toLowerCase() === t.toLowerCase()))
    );
  });
  const dir = s('sort_dir') === 'asc' ? 1 : -1;
  const key = (a: AudioRecord) =>
    s('sort_by') === 'growth' ? a.growth : (a.track_meta.first_seen_at?.getTime() ?? -Infinity);
  rows.sort((a, b) => dir * (key(a) - key(b) || a.music_canonical_id.localeCompare(b.music_canonical_id)));
  return rows.map((a) => a.music_canonical_id);
}

// The same expectations hold whether the database filters the list or the in-memory list does.
describe.each(['database', 'memory'])('GET /api/audio/ (catalog list, AUDIO_LIST_INDEX=%s)', (listIndex) => {
  let t: TestApp;
  const audios = buildFixtureAudios(160);
  beforeAll(async () => {
    t = await createTestApp({ env: { AUDIO_LIST_INDEX: listIndex } });
    await t.loginAs('mia');
    await insertAudios(t, audios);
  });
  afterAll(() => t.close());

  /** Every page of a query, so whole answers are compared, not just the first hundred. */
  async function fetchAll(q: Q): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let total = -1;
    for (let skip = 0; total < 0 || skip < total; skip += 100) {
      const res = await t.agent
        .get('/api/audio/')
        .query({ ...q, skip: String(skip) })
        .expect(200);
      expect(res.body.results.length).toBeLessThanOrEqual(100);
      total = res.body.total;
      ids.push(...res.body.results.map((r: { id: string }) => r.id));
      if (res.body.results.length === 0) break;
    }
    return { ids, total };
  }

  it('lists 100 per page, newest first_seen_at first, with the total', async () => {
    const first = await t.agent.get('/api/audio/').expect(200);
    expect(first.body.total).toBe(160);
    expect(first.body.results).toHaveLength(100);
    const all = await fetchAll({});
    expect(all.ids).toEqual(expectedIds(audios, {}));
  });

  const cases: Array<[string, Q]> = [
    ['audio type original sound', { audio_type: 'original_sound' }],
    ['audio type music', { audio_type: 'music' }],
    ['reel count min/max (inclusive)', { reel_count_min: '10', reel_count_max: '30' }],
    ['reel count min only', { reel_count_min: '45' }],
    ['media length max', { media_length_ms_max: '40000' }],
    ['available templates min/max', { available_templates_min: '2', available_templates_max: '4' }],
    ['approved templates max', { approved_templates_min: '1', approved_templates_max: '1' }],
    ['template clips count min/max', { template_clips_count_min: '5', template_clips_count_max: '6' }],
    ['template clips count min only', { template_clips_count_min: '18' }],
    ['trend list', { trendlist: 'hyper' }],
    ['has stem', { has_stem: 'true' }],
    ['has EPs', { has_eps: 'true' }],
    ['created from/to', { created_from: '2024-03-01T00:00:00Z', created_to: '2024-06-30T23:59:59Z' }],
    ['name search (artist)', { q: 'NOVA' }],
    ['one tag', { tags: 'bad' }],
    ['two tags, case-insensitive', { tags: ['Inside App', 'chill'] }],
    ['sort by growth desc', { sort_by: 'growth', sort_dir: 'desc' }],
    ['sort by growth asc', { sort_by: 'growth', sort_dir: 'asc' }],
    ['sort by created asc', { sort_by: 'created_at', sort_dir: 'asc' }],
    [
      'three filters and growth sort',
      { audio_type: 'music', reel_count_min: '5', trendlist: 'trending', sort_by: 'growth' },
    ],
    [
      'all filters at once',
      {
        audio_type: 'music',
        reel_count_min: '1',
        media_length_ms_min: '1000',
        available_templates_min: '1',
        template_clips_count_max: '15',
        created_from: '2024-01-15',
        q: 'o',
        sort_dir: 'asc',
      },
    ],
  ];

  it('takes a date alone as the whole day: from and to one day keep the audios first seen that day', async () => {
    const day = audios
      .find((a) => a.track_meta.first_seen_at)!
      .track_meta.first_seen_at!.toISOString()
      .slice(0, 10);
    const seenThatDay = audios
      .filter((a) => a.track_meta.first_seen_at?.toISOString().slice(0, 10) === day)
      .map((a) => a.music_canonical_id);
    const got = await fetchAll({ created_from: day, created_to: day });
    expect(seenThatDay.length).toBeGreaterThan(0);
    expect([...got.ids].sort()).toEqual([...seenThatDay].sort());
  });

  it.each(cases)('filters: %s', async (_name, q) => {
    const expected = expectedIds(audios, q);
    const got = await fetchAll(q);
    expect(got.total).toBe(expected.length);
    expect(got.ids).toEqual(expected);
  });

  it('has fixture cases that actually narrow the list', () => {
    for (const [, q] of cases.filter(([name]) => !name.startsWith('sort'))) {
      const n = expectedIds(audios, q).length;
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(160);
    }
  });

  it('matches regex characters in the name search literally', async () => {
    for (const text of [
      'a.b*c',
      '(Remix)',
      '[Live]',
      'What?',
      'Blue+Green',
      '$$',
      'Back^Slash\\',
      'K.',
      'Orbit|Pipe',
      '.',
    ]) {
      const expected = expectedIds(audios, { q: text });
      expect({ text, ids: (await fetchAll({ q: text })).ids }).toEqual({ text, ids: expected });
    }
    expect((await fetchAll({ q: '.*' })).total).toBe(0);
  });

  it('answers malformed numbers, dates and enums with 422 entries, never a list', async () => {
    const bad: Q[] = [
      { reel_count_min: 'abc' },
      { media_length_ms_max: '1.5' },
      { skip: '-1' },
      { available_templates_min: '1e3' },
      { created_from: 'yesterday' },
      { created_to: '2024-13-45' },
      { sort_by: 'name' },
      { sort_dir: 'up' },
      { audio_type: 'video' },
      { has_stem: 'maybe' },
      { trendlist: 'viral' },
      { template_clips_count_min: '{"$gt":0}' },
    ];
    for (const q of bad) {
      const res = await t.agent.get('/api/audio/').query(q);
      expect({ q, status: res.status }).toEqual({ q, status: 422 });
      expect(res.body.detail[0].loc).toEqual(['query', Object.keys(q)[0]]);
    }
    const operator = await t.agent.get('/api/audio/?reel_count_min[$gt]=1');
    expect(operator.status).toBe(422);
  });

  it('shapes each row as the list item of the contract, with a live lock only', async () => {
    const res = await fetchAll({});
    const page = await t.agent.get('/api/audio/').expect(200);
    for (const row of page.body.results) expect(AudioListItemSchema.strict().parse(row)).toEqual(row);
    const byId = new Map(page.body.results.map((r: { id: string }) => [r.id, r]));
    const source = audios.find((a) => byId.has(a.music_canonical_id) && a.locked_by)!;
    const row = byId.get(source.music_canonical_id) as {
      locked: boolean;
      locked_by: string | null;
      first_seen_at: string | null;
    };
    const live = source.lock_expires_at!.getTime() > Date.now();
    expect(row.locked).toBe(live);
    expect(row.locked_by).toBe(live ? 'mia' : null);
    expect(row.first_seen_at).toBe(source.track_meta.first_seen_at?.toISOString() ?? null);
    expect(res.total).toBe(160);
  });

  it('returns the workspace detail, and 404 for an unknown id', async () => {
    const a = audios[3];
    const res = await t.agent.get(`/api/audio/${a.music_canonical_id}/`).expect(200);
    expect(AudioDetailSchema.strict().parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ id: a.music_canonical_id, audio_name: a.audio_name, eps: a.eps, tags: a.tags });
    await t.agent.get('/api/audio/nope/').expect(404, { detail: 'Audio not found' });
    await t.agent.get('/api/audio/bad%20id/').expect(422);
  });

  it('needs a session', async () => {
    await request(t.app.getHttpServer()).get('/api/audio/').expect(401);
    await request(t.app.getHttpServer()).get('/api/audio/m0001/').expect(401);
    await request(t.app.getHttpServer()).get('/api/templates/?music_canonical_id=m0001').expect(401);
    await request(t.app.getHttpServer()).get('/api/tags/').expect(401);
  });
});
