import { CSRF_HEADER_NAME, ERROR_MESSAGES, type Tag } from '@curator/shared/contract';

import { buildFixtureAudios, insertAudios } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

// Issue 7, tags: writes need an admin, reads a session; deleting a tag takes it off every audio.
describe('tags administration: admin, non-admin and no session', () => {
  let admin: TestApp;
  let staff: TestApp;
  let anonymous: TestApp;
  const audios = buildFixtureAudios(3, 11).map((a) => ({ ...a, tags: [], tag_keys: [] }));
  const [first, second, third] = audios.map((a) => a.music_canonical_id);

  beforeAll(async () => {
    admin = await createTestApp();
    await admin.loginAs('boss', { admin: true });
    staff = await createTestApp({ dbName: admin.dbName });
    await staff.loginAs('sam');
    anonymous = await createTestApp({ dbName: admin.dbName });
    await insertAudios(admin, audios);
  });
  afterAll(async () => {
    await anonymous.close();
    await staff.close();
    await admin.close();
  });
  const as = (t: TestApp) => ({
    post: (url: string, body: object) => t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
    del: (url: string) => t.agent.delete(url).set(CSRF_HEADER_NAME, t.csrf()),
  });
  const listTags = async (t: TestApp = admin) => (await t.agent.get('/api/tags/').expect(200)).body as Tag[];
  const countsByText = async () => Object.fromEntries((await listTags()).map((tag) => [tag.text, tag.used_count]));
  const tagsOf = async (id: string) =>
    ((await admin.agent.get(`/api/audio/${id}/`).expect(200)).body as { tags: string[] }).tags;

  it('lets an admin create a tag: trimmed, counted from zero, dated', async () => {
    const res = await as(admin).post('/api/tags/', { text: '  Chill  ' }).expect(201);
    expect(res.body).toMatchObject({ text: 'Chill', used_count: 0, created_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.body.created_at))).toBe(false);
    const blank = await as(admin).post('/api/tags/', { text: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0]).toMatchObject({ loc: ['body', 'text'], msg: 'This field may not be blank' });
    // '..' in a path reaches the folder above (/api/tags/../ is /api/): such a tag could never be deleted.
    const dots = await as(admin).post('/api/tags/', { text: '..' });
    expect(dots.status).toBe(422);
    expect(dots.body.detail[0]).toMatchObject({ loc: ['body', 'text'], msg: "A name cannot be '.' or '..'" });
    const dup = await as(admin).post('/api/tags/', { text: 'chill' });
    expect(dup.status).toBeGreaterThanOrEqual(400);
    expect((await listTags()).map((t) => t.text)).toEqual(['Chill']);
  });

  it('lets a non-admin read the tags but refuses their writes with 403 Admin only', async () => {
    expect((await listTags(staff)).map((t) => t.text)).toEqual(['Chill']);
    for (const res of [await as(staff).post('/api/tags/', { text: 'mine' }), await as(staff).del('/api/tags/Chill/')]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: ERROR_MESSAGES.ADMIN_ONLY });
    }
    expect((await listTags()).map((t) => t.text)).toEqual(['Chill']);
  });

  it('answers 401 to tag reads and writes without a session', async () => {
    const calls = [
      anonymous.agent.get('/api/tags/'),
      as(anonymous).post('/api/tags/', { text: 'ghost' }),
      as(anonymous).del('/api/tags/Chill/'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: ERROR_MESSAGES.NOT_AUTHENTICATED });
    }
    expect((await listTags()).map((t) => t.text)).toEqual(['Chill']);
  });

  it('deletes a tag from every audio that carries it; the other counts stay right', async () => {
    await as(admin)
      .post(`/api/audio/${first}/taggify/`, { tags: ['Chill', 'bad'] })
      .expect(200);
    await as(staff)
      .post(`/api/audio/${second}/taggify/`, { tags: ['chill'] })
      .expect(200);
    await as(admin)
      .post(`/api/audio/${third}/taggify/`, { tags: ['bad'] })
      .expect(200);
    expect(await countsByText()).toEqual({ Chill: 2, bad: 2 });

    await as(admin).del('/api/tags/Chill/').expect(204);
    expect(await tagsOf(first)).toEqual(['bad']);
    expect(await tagsOf(second)).toEqual([]);
    expect(await tagsOf(third)).toEqual(['bad']);
    expect(await countsByText()).toEqual({ bad: 2 });
    const filtered = await admin.agent.get('/api/audio/').query({ tags: 'Chill' }).expect(200);
    expect(filtered.body.total).toBe(0);

    await as(admin).del('/api/tags/Chill/').expect(404);
  });
});
