import { CSRF_HEADER_NAME } from '@curator/shared/contract';

import { AudiosService } from '../src/audios/audios.service';
import { audioModel, buildFixtureAudios, insertAudios } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

describe('tags and taggify', () => {
  let admin: TestApp;
  let staff: TestApp;
  const audios = buildFixtureAudios(12, 99).map((a) => ({ ...a, tags: [], tag_keys: [] }));
  const post = (t: TestApp, url: string, body: object) => t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(body);
  const del = (t: TestApp, url: string) => t.agent.delete(url).set(CSRF_HEADER_NAME, t.csrf());
  const tagList = async (t: TestApp) =>
    Object.fromEntries(
      (await t.agent.get('/api/tags/').expect(200)).body.map((x: { text: string; used_count: number }) => [
        x.text,
        x.used_count,
      ]),
    );
  const tagsOf = async (id: string) => (await staff.agent.get(`/api/audio/${id}/`).expect(200)).body.tags;

  beforeAll(async () => {
    admin = await createTestApp();
    await admin.loginAs('root', { admin: true });
    staff = await createTestApp({ dbName: admin.dbName });
    await staff.loginAs('mia');
    await insertAudios(admin, audios);
  });
  afterAll(async () => {
    await staff.close();
    await admin.close();
  });

  it('taggify replaces the tags, creates unknown tags and keeps used_count exact', async () => {
    const [a, b] = audios;
    await post(staff, `/api/audio/${a.music_canonical_id}/taggify/`, { tags: ['bad', ' Fresh Pick ', 'BAD'] }).expect(
      200,
    );
    expect(await tagsOf(a.music_canonical_id)).toEqual(['bad', 'Fresh Pick']);
    await post(staff, `/api/audio/${b.music_canonical_id}/taggify/`, { tags: ['fresh pick', 'inside app'] }).expect(
      200,
    );
    expect(await tagsOf(b.music_canonical_id)).toEqual(['Fresh Pick', 'inside app']);
    expect(await tagList(staff)).toEqual({ bad: 1, 'Fresh Pick': 2, 'inside app': 1 });
    await post(staff, `/api/audio/${a.music_canonical_id}/taggify/`, { tags: ['inside app'] }).expect(200);
    expect(await tagList(staff)).toEqual({ bad: 0, 'Fresh Pick': 1, 'inside app': 2 });
    const listed = await staff.agent.get('/api/audio/').query({ tags: 'inside app' }).expect(200);
    expect(listed.body.total).toBe(2);
  });

  it("moves a tag's count updated at when taggify moves its count, and only then", async () => {
    const [, , c, d] = audios;
    await post(staff, `/api/audio/${c.music_canonical_id}/taggify/`, { tags: ['dated one', 'dated two'] }).expect(200);
    const times = async () =>
      Object.fromEntries(
        (await staff.agent.get('/api/tags/').expect(200)).body.map((x: { text: string; updated_at: string }) => [
          x.text,
          Date.parse(x.updated_at),
        ]),
      );
    const before = await times();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await post(staff, `/api/audio/${d.music_canonical_id}/taggify/`, { tags: ['dated one'] }).expect(200);
    const after = await times();
    expect(after['dated one']).toBeGreaterThan(before['dated one']);
    expect(after['dated two']).toBe(before['dated two']);
    // A full recount (after an import or the demo seed) that finds the counts right moves no time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await admin.app.get(AudiosService).recountTagUsage();
    expect(await times()).toEqual(after);
  });

  it('keeps used_count exact under concurrent quick toggles', async () => {
    const ids = audios.slice(2).map((a) => a.music_canonical_id);
    const rounds = [['discovery app'], ['discovery app', 'bad'], [], ['bad']];
    await Promise.all(
      ids.flatMap((id, i) =>
        rounds.map((_, k) => post(staff, `/api/audio/${id}/taggify/`, { tags: rounds[(i + k) % rounds.length] })),
      ),
    );
    const rows = await audioModel(admin).find({}, { tag_keys: 1 }).lean();
    const count = (key: string) => rows.filter((r) => r.tag_keys.includes(key)).length;
    const listed = await tagList(staff);
    expect(listed['discovery app']).toBe(count('discovery app'));
    expect(listed.bad).toBe(count('bad'));
  });

  it('answers 404 for an unknown audio and 422 for a bad body', async () => {
    await post(staff, '/api/audio/nope/taggify/', { tags: ['x', 'ghost-tag'] }).expect(404, {
      detail: 'Audio not found',
    });
    // Nothing of the refused call is left behind: no tag was made.
    expect(Object.keys(await tagList(staff))).not.toContain('ghost-tag');
    await post(staff, `/api/audio/${audios[0].music_canonical_id}/taggify/`, { tags: 'bad' }).expect(422);
    await post(staff, `/api/audio/${audios[0].music_canonical_id}/taggify/`, { tags: ['$where'] }).expect(422);
    await post(staff, `/api/audio/${audios[0].music_canonical_id}/taggify/`, { tags: [], extra: 1 }).expect(422);
  });

  it('lets admins create tags, refusing case-insensitive duplicates with 409', async () => {
    await post(staff, '/api/tags/', { text: 'Staff Tag' }).expect(403, { detail: 'Admin only' });
    const made = await post(admin, '/api/tags/', { text: '  Road Trip ' }).expect(201);
    expect(made.body).toMatchObject({ text: 'Road Trip', used_count: 0 });
    expect(new Date(made.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await post(admin, '/api/tags/', { text: 'road TRIP' }).expect(409, { detail: 'Tag already exists' });
    await post(admin, '/api/tags/', { text: '   ' }).expect(422);
    expect(Object.keys(await tagList(admin))).toContain('Road Trip');
  });

  it('makes no new tag that looks like one on record: spaces within and invisible characters do not count', async () => {
    await post(admin, '/api/tags/', { text: 'Summer 2024' }).expect(201);
    for (const text of ['summer  2024', 'Summer\u00a02024', 'Sum\u200bmer 2024', 'summer\u2060 2024'])
      await post(admin, '/api/tags/', { text }).expect(409, { detail: 'Tag already exists' });
    const [, , , , d] = audios;
    await post(staff, `/api/audio/${d.music_canonical_id}/taggify/`, {
      tags: ['summer \u00a0 2024', 'late\u200b  night'],
    }).expect(200);
    // The typed spellings are the tag on record, and a new tag is made in the spelling the list shows.
    expect(await tagsOf(d.music_canonical_id)).toEqual(['Summer 2024', 'late night']);
    const tags = await tagList(admin);
    expect(tags).toMatchObject({ 'Summer 2024': 1, 'late night': 1 });
    expect(Object.keys(tags).filter((t) => /summer/i.test(t))).toEqual(['Summer 2024']);
    // An emoji sequence keeps its joiner.
    await post(admin, '/api/tags/', { text: 'team \u{1F469}\u200d\u{1F4BB}' }).expect(201, /\u200d/);
  });

  it('deletes a tag (admin only) and removes it from every audio', async () => {
    const [a, b, c] = audios;
    await post(staff, `/api/audio/${a.music_canonical_id}/taggify/`, { tags: ['Doomed', 'keep'] }).expect(200);
    await post(staff, `/api/audio/${c.music_canonical_id}/taggify/`, { tags: ['doomed'] }).expect(200);
    await del(staff, '/api/tags/Doomed/').expect(403);
    await del(admin, '/api/tags/DOOMED/').expect(204);
    expect(await tagsOf(a.music_canonical_id)).toEqual(['keep']);
    expect(await tagsOf(c.music_canonical_id)).toEqual([]);
    expect(await tagsOf(b.music_canonical_id)).toEqual(['Fresh Pick', 'inside app']);
    expect(Object.keys(await tagList(admin))).not.toContain('Doomed');
    await del(admin, '/api/tags/Doomed/').expect(404);
    expect((await staff.agent.get('/api/audio/').query({ tags: 'doomed' }).expect(200)).body.total).toBe(0);
  });

  it('keeps tags and audios in step when a tag is deleted while audios are being tagged with it', async () => {
    const targets = audios.slice(4, 12).map((a) => a.music_canonical_id);
    const usage = async () => {
      const rows = await audioModel(admin).find({}, { tag_keys: 1 }).lean().exec();
      const counts = new Map<string, number>();
      for (const row of rows) for (const key of row.tag_keys ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts;
    };
    for (let round = 0; round < 6; round += 1) {
      const text = `racer ${round}`;
      await post(admin, '/api/tags/', { text }).expect(201);
      const answers = await Promise.all([
        ...targets.map((id) => post(staff, `/api/audio/${id}/taggify/`, { tags: [text, 'keeper'] })),
        new Promise((resolve) => setTimeout(resolve, round * 3)).then(() =>
          del(admin, `/api/tags/${encodeURIComponent(text)}/`),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual([...targets.map(() => 200), 204]);
      // Every tag an audio carries has its record, and every record counts the audios that carry it.
      const [listed, carried] = [await tagList(admin), await usage()];
      for (const [key, n] of carried) {
        const record = Object.keys(listed).find((t) => t.toLowerCase() === key);
        expect({ key, record: record !== undefined }).toEqual({ key, record: true });
        expect({ key, used: listed[record!] }).toEqual({ key, used: n });
      }
      for (const [record, used] of Object.entries(listed))
        expect({ record, used }).toEqual({ record, used: carried.get(record.toLowerCase()) ?? 0 });
    }
  });
});
