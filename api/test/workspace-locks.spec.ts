import { AudiosRepository } from '../src/audios/audios.repository';
import { AudiosService } from '../src/audios/audios.service';
import { AudioEditsService } from '../src/locks/audio-edits.service';
import { LocksRepository } from '../src/locks/locks.repository';
import { audioModel } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

describe('workspace locks', () => {
  let mia: TestApp;
  let leo: TestApp;
  const audios = buildWorkspaceAudios(14, 21);
  const id = (i: number) => audios[i].music_canonical_id;
  const lock = (t: TestApp, i: number) => writer(t).post(`/api/audio/${id(i)}/lock/`);
  const unlock = (t: TestApp, i: number) => writer(t).post(`/api/audio/${id(i)}/unlock/`);
  const detail = async (t: TestApp, i: number) => (await t.agent.get(`/api/audio/${id(i)}/`).expect(200)).body;

  /** Moves the audio's lock into the past. */
  async function expireLock(i: number) {
    const past = new Date(Date.now() - 1000);
    await audioModel(mia)
      .updateOne({ music_canonical_id: id(i) }, { $set: { lock_expires_at: past } })
      .exec();
  }

  beforeAll(async () => {
    mia = await createTestApp();
    await mia.loginAs('mia');
    // A second API instance on the same database: the race below crosses processes' in-memory state.
    leo = await createTestApp({ dbName: mia.dbName });
    await leo.loginAs('leo');
    await seedCatalog(mia, audios, [buildTemplate(id(2), 1)]);
  });
  afterAll(async () => {
    await leo.close();
    await mia.close();
  });

  it('takes and refreshes a lock, and answers 409 "Locked by mia" to another user', async () => {
    expect((await lock(mia, 0).expect(200)).body).toEqual({ locked: true, locked_by: 'mia' });
    const first = (await audioModel(mia)
      .findOne({ music_canonical_id: id(0) })
      .lean()
      .exec())!.lock_expires_at!.getTime();
    expect(first).toBeGreaterThan(Date.now() + 25_000);
    expect(first).toBeLessThanOrEqual(Date.now() + 30_000);
    await new Promise((r) => setTimeout(r, 20));
    expect((await lock(mia, 0).expect(200)).body).toEqual({ locked: true, locked_by: 'mia' });
    const refreshed = (await audioModel(mia)
      .findOne({ music_canonical_id: id(0) })
      .lean()
      .exec())!.lock_expires_at!.getTime();
    expect(refreshed).toBeGreaterThan(first);
    await lock(leo, 0).expect(409, { detail: 'Locked by mia' });
    expect(await detail(leo, 0)).toMatchObject({ locked: true, locked_by: 'mia' });
    await writer(leo).post('/api/audio/missing/lock/').expect(404);
  });

  it('lets another user take the lock 30 s after the last refresh', async () => {
    await lock(mia, 1).expect(200);
    await lock(leo, 1).expect(409);
    await expireLock(1);
    expect(await detail(leo, 1)).toMatchObject({ locked: false, locked_by: null });
    expect((await lock(leo, 1).expect(200)).body).toEqual({ locked: true, locked_by: 'leo' });
    await lock(mia, 1).expect(409, { detail: 'Locked by leo' });
  });

  it('gives exactly one winner when two users on two API instances lock at once', async () => {
    for (const i of [3, 4, 5, 6, 7, 8]) {
      const [a, b] = await Promise.all([lock(mia, i), lock(leo, i)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = a.status === 200 ? 'mia' : 'leo';
      expect((a.status === 409 ? a : b).body).toEqual({ detail: `Locked by ${winner}` });
      expect(await detail(mia, i)).toMatchObject({ locked: true, locked_by: winner });
    }
  });

  it('also gives one winner when the race is over an expired lock', async () => {
    await lock(mia, 9).expect(200);
    await expireLock(9);
    const [a, b] = await Promise.all([lock(mia, 9), lock(leo, 9)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('refuses beat, ending point and approval writes with 423 while another user holds the lock', async () => {
    const made = (
      await writer(leo)
        .post('/api/beats/', { name: 'mine', music_canonical_id: id(2), audio_type: 'music' })
        .expect(201)
    ).body;
    await lock(mia, 2).expect(200);
    const locked = { detail: 'Locked by mia' };
    const w = writer(leo);
    await w.post('/api/beats/', { name: 'x', music_canonical_id: id(2), audio_type: 'music' }).expect(423, locked);
    await w
      .put(`/api/beats/${made.id}/`, {
        name: 'y',
        music_canonical_id: id(2),
        audio_type: 'music',
        done: false,
        type: 'manual',
        offsets: [],
        version: 0,
      })
      .expect(423, locked);
    await w.patch(`/api/beats/${made.id}/`, { name: 'y' }).expect(423, locked);
    await w.post(`/api/beats/${made.id}/toggle_beats_done/`, { done: true }).expect(423, locked);
    await w.del(`/api/beats/${made.id}/`).expect(423, locked);
    await w.post(`/api/audio/${id(2)}/eps/`, { ending_points: [10] }).expect(423, locked);
    await w
      .post('/api/template-approved/', {
        music_canonical_id: id(2),
        template_clips_media_id: `${id(2)}-t1`,
        approved: true,
      })
      .expect(423, locked);
    // Nothing changed, and the holder may write.
    const [beat] = (
      await leo.agent
        .get('/api/beats/')
        .query({ music_canonical_id: id(2) })
        .expect(200)
    ).body;
    expect(beat).toMatchObject({ name: 'mine', done: false, version: 0 });
    expect((await detail(leo, 2)).eps).toEqual([]);
    await writer(mia).patch(`/api/beats/${made.id}/`, { name: 'by mia' }).expect(200);
    await writer(mia)
      .post(`/api/audio/${id(2)}/eps/`, { ending_points: [10] })
      .expect(200);
  });

  it('unlock clears the lock for anyone, and the other user then takes it over', async () => {
    await lock(mia, 10).expect(200);
    await lock(leo, 10).expect(409);
    expect((await unlock(leo, 10).expect(200)).body).toEqual({ locked: false, locked_by: null });
    expect(await detail(mia, 10)).toMatchObject({ locked: false, locked_by: null });
    expect((await lock(leo, 10).expect(200)).body).toEqual({ locked: true, locked_by: 'leo' });
    await writer(mia)
      .post(`/api/audio/${id(10)}/eps/`, { ending_points: [3] })
      .expect(423, { detail: 'Locked by leo' });
    expect((await unlock(leo, 11).expect(200)).body).toEqual({ locked: false, locked_by: null });
  });

  it("makes a lock wait for another user's write under way, which lands first", async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let begun!: () => void;
    const underWay = new Promise<void>((resolve) => (begun = resolve));
    const editing = mia.app.get(AudioEditsService).run(id(12), 'mia', async () => {
      begun();
      await gate;
      await mia.app.get(AudiosService).saveEndingPoints(id(12), [7], null);
    });
    // Mia's write is under way (counted on the audio) before Leo asks for the lock.
    await underWay;
    let answered = false;
    const taking = lock(leo, 12).then((res) => ((answered = true), res));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    finish();
    await editing;
    expect((await taking).body).toEqual({ locked: true, locked_by: 'leo' });
    expect((await detail(leo, 12)).eps).toEqual([7]);
  });

  it("never lets a lock and another user's write both succeed when they race", async () => {
    // Every write of mia's checks, after it landed and before its edit ends, that no lock of leo's came first.
    const audiosOfMia = mia.app.get(AudiosRepository);
    const landedUnderLock: string[] = [];
    const save = audiosOfMia.setEndingPoints.bind(audiosOfMia);
    const spy = jest.spyOn(audiosOfMia, 'setEndingPoints').mockImplementation(async (audioId, eps) => {
      const saved = await save(audioId, eps);
      const state = await mia.app.get(LocksRepository).findLockState(audioId);
      if (state?.locked_by === 'leo' && state.lock_expires_at! > new Date()) landedUnderLock.push(String(eps));
      return saved;
    });
    try {
      let both = 0;
      for (let round = 1; round <= 20; round++) {
        await unlock(mia, 13).expect(200);
        const [write, taken] = await Promise.all([
          writer(mia).post(`/api/audio/${id(13)}/eps/`, { ending_points: [round] }),
          lock(leo, 13),
        ]);
        expect(taken.status).toBe(200);
        expect([200, 423]).toContain(write.status);
        if (write.status === 200) both++;
        else expect((await detail(mia, 13)).eps).not.toEqual([round]);
      }
      expect(landedUnderLock).toEqual([]);
      // Both orders happened: some writes went first, some were refused.
      expect(both).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('saves ending points sorted and spaced, refusing points closer than 0.5 s with 422', async () => {
    const w = writer(mia);
    expect((await w.post(`/api/audio/${id(11)}/eps/`, { ending_points: [12.345, 3, 7.5] }).expect(200)).body).toEqual({
      ending_points: [3, 7.5, 12.35],
    });
    expect((await detail(leo, 11)).eps).toEqual([3, 7.5, 12.35]);
    const close = await w.post(`/api/audio/${id(11)}/eps/`, { ending_points: [3, 3.2] }).expect(422);
    expect(close.body.detail[0]).toMatchObject({
      loc: ['body', 'ending_points'],
      msg: 'Ending points must be at least 0.5 s apart',
    });
    await w.post(`/api/audio/${id(11)}/eps/`, { ending_points: [-1] }).expect(422);
    await w.post(`/api/audio/${id(11)}/eps/`, { ending_points: [1], extra: true }).expect(422);
    await w.post('/api/audio/missing/eps/', { ending_points: [1] }).expect(404);
    expect((await detail(leo, 11)).eps).toEqual([3, 7.5, 12.35]);
    expect((await w.post(`/api/audio/${id(11)}/eps/`, { ending_points: [] }).expect(200)).body).toEqual({
      ending_points: [],
    });
  });
});
