import { createTestApp, TestApp } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

/**
 * What the workspace's writes cost the database, counted by the driver's command monitoring
 * (x-db-commands, the session check included), on the embedded database where lists are kept in
 * memory. There a request checks its session against the sessions kept in memory, after one read of
 * the change feed (`find:change_slots`), which requests arriving together share.
 */
describe('the database cost of the workspace writes', () => {
  let t: TestApp;
  const [audio] = buildWorkspaceAudios(1, 57);
  const id = audio.music_canonical_id;
  const figures: Record<string, number> = {};
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { DB_COMMAND_COUNT: '1' } });
    await t.loginAs('ada');
    await seedCatalog(t, [audio], []);
  });
  afterAll(async () => {
    console.log(`database commands per write: ${JSON.stringify(figures)}\n${JSON.stringify(paths, null, 1)}`);
    await t.close();
  });

  const commandsOf = (res: { headers: Record<string, string> }) => Number(res.headers['x-db-commands']);
  const body = (version: number, done: boolean, offsets = [6, 7 + version]) => ({
    name: 'b',
    music_canonical_id: id,
    audio_type: 'music',
    done,
    type: 'manual',
    offsets,
    version,
  });
  const measure = async (what: string, request: Promise<{ headers: Record<string, string> }>) => {
    const res = await request;
    figures[what] = commandsOf(res);
    paths[what] = res.headers['x-db-command-list'];
    expect(figures[what]).toBeGreaterThan(0);
    return figures[what];
  };
  const create = async (done: boolean) =>
    (
      await writer(t)
        .post('/api/beats/', { name: 'b', music_canonical_id: id, audio_type: 'music', offsets: [6], done })
        .expect(201)
    ).body as { id: string; version: number };

  it('saves a not-done beat holding the lock in 3 commands (session, audio, beat), 4 without the lock', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    const made = await create(false);
    expect(
      await measure('save', writer(t).put(`/api/beats/${made.id}/`, body(0, false)).expect(200)),
    ).toBeLessThanOrEqual(3);
    await writer(t).put(`/api/beats/${made.id}/`, body(0, false)).expect(409);
    await writer(t).post(`/api/audio/${id}/unlock/`).expect(200);
    expect(
      await measure('save unlocked', writer(t).put(`/api/beats/${made.id}/`, body(1, false)).expect(200)),
    ).toBeLessThanOrEqual(4);
  });

  // A done beat is on the approvals page, which reads the done beats themselves: the request
  // records that it changed one, in one feed command.
  it('saves a done beat in at most 4 commands holding the lock and 5 without', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    const made = await create(false);
    await writer(t).put(`/api/beats/${made.id}/`, body(0, true)).expect(200);
    expect(
      await measure('save done', writer(t).put(`/api/beats/${made.id}/`, body(1, true)).expect(200)),
    ).toBeLessThanOrEqual(4);
    await writer(t).post(`/api/audio/${id}/unlock/`).expect(200);
    expect(
      await measure('save done unlocked', writer(t).put(`/api/beats/${made.id}/`, body(2, true)).expect(200)),
    ).toBeLessThanOrEqual(5);
    const approvals = (await t.agent.get('/api/approvals/').expect(200)).body as { results: Array<{ id: string }> };
    expect(approvals.results.map((r) => r.id)).toContain(made.id);
  });

  // A flip also moves the audio's figures (and records that). The save's one write is conditional
  // on the done flag the beat had at that version, and the toggle knows the beat's audio, both
  // from the create before them.
  it('flips done in at most 5 commands, by a save or by the toggle', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    const made = await create(false);
    expect(
      await measure('flip done by save', writer(t).put(`/api/beats/${made.id}/`, body(0, true)).expect(200)),
    ).toBeLessThanOrEqual(5);
    expect(
      await measure(
        'flip done by toggle',
        writer(t).post(`/api/beats/${made.id}/toggle_beats_done/`, { done: false }).expect(200),
      ),
    ).toBeLessThanOrEqual(5);
  });

  // Another API process on the same database saw nothing of the lock: it reads the audio, finds the
  // editor holding it, and saves as the lock's own process does, without counting an edit under way.
  it('saves through another API process in 3 commands too (session, audio, beat)', async () => {
    const other = await createTestApp({ dbName: t.dbName, env: { DB_COMMAND_COUNT: '1' } });
    try {
      await other.loginAs('ada');
      // Its first request loads the sessions it keeps in memory.
      await other.agent.get('/api/me/').expect(200);
      await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
      const made = await create(false);
      await measure(
        'save on another process',
        writer(other).put(`/api/beats/${made.id}/`, body(made.version, false)).expect(200),
      );
      // The driver asks a new process's server for its build once, before its first findAndModify.
      const commands = paths['save on another process'].split(' ').filter((c) => c !== 'buildInfo');
      expect(commands).toEqual(['find:change_slots', 'find:audios', 'findAndModify:beats']);
    } finally {
      await other.close();
    }
  });

  // A create with an empty name reads the beats to pick beat#N and writes the beat with its name's
  // claim: one write, where a naming turn on the audio took two more.
  it('creates a beat#N in 4 commands (session, audio, beats, beat) with one write, holding the lock', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    const res = await writer(t)
      .post('/api/beats/', { name: '', music_canonical_id: id, audio_type: 'music', offsets: [6] })
      .expect(201);
    expect(res.body.name).toMatch(/^beat#\d+$/);
    expect(await measure('create beat#N', Promise.resolve(res))).toBeLessThanOrEqual(4);
    expect(paths['create beat#N'].split(' ')).toEqual([
      'find:change_slots',
      'find:audios',
      'find:beats',
      'insert:beats',
    ]);
  });

  // The page of audios and its tags come from two lists kept in memory, each following the change
  // feed for its collection: one read of the feed serves both.
  it('reads the audio list with one read of the change feed for all its lists', async () => {
    // The first read loads the lists; the next is what every later read of the page costs.
    await t.agent.get('/api/audio/').expect(200);
    const res = await t.agent.get('/api/audio/').expect(200);
    expect(res.body.results.length).toBe(1);
    expect(res.headers['x-db-command-list'].split(' ')).toEqual(['find:change_slots']);
  });

  // A refresh moves only the expiry, which the in-memory list does not follow: nothing to record.
  it('refreshes the lock in 2 commands (session, audio)', async () => {
    await writer(t).post(`/api/audio/${id}/lock/`).expect(200);
    expect(await measure('lock refresh', writer(t).post(`/api/audio/${id}/lock/`).expect(200))).toBeLessThanOrEqual(2);
  });
});
