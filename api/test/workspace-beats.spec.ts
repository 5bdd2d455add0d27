import {
  ENDING_POINT_AFTER_END_MESSAGE,
  ENDING_POINTS_CHANGED_MESSAGE,
  OFFSET_AFTER_END_MESSAGE,
  OFFSET_BEFORE_HIGHLIGHT_MESSAGE,
} from '@curator/shared/domain';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Beat } from '../src/beats/beat.schema';
import { audioModel } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';
import {
  audioFigures,
  buildTemplate,
  buildWorkspaceAudios,
  seedCatalog,
  templateModel,
  writer,
} from './helpers/workspace-fixture';

describe('workspace beats', () => {
  let t: TestApp;
  const audios = buildWorkspaceAudios(7);
  const [music, other, os, shared, timed, untimed, imported] = audios;
  // Ending points as an import may leave them: unsorted and unrounded.
  imported.eps = [12, 3.004];
  os.is_original_sound = true;
  timed.duration_ms = 40_000;
  untimed.duration_ms = null;
  const w = () => writer(t);
  const beatsOf = async (id: string) =>
    (await t.agent.get('/api/beats/').query({ music_canonical_id: id }).expect(200)).body;
  /** POST /api/beats/ of a music beat at 6 s on `music`, with `over` in the body. */
  const postMusicBeat = (name: string, over: object = {}) =>
    w().post('/api/beats/', {
      name,
      music_canonical_id: music.music_canonical_id,
      audio_type: 'music',
      offsets: [6],
      ...over,
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('mia');
    await seedCatalog(t, audios, []);
  });
  afterAll(() => t.close());

  it('answers one error per cause for ending points: a negative one alone, points too close alone', async () => {
    const save = (ending_points: unknown[]) =>
      w().post(`/api/audio/${music.music_canonical_id}/eps/`, { ending_points }).expect(422);
    const where = (res: { body: { detail: Array<{ loc: unknown[]; msg: string }> } }) =>
      res.body.detail.map((d) => `${d.loc.join('.')} - ${d.msg}`);
    const negative = where(await save([-1, 3, 3.2]));
    expect(negative).toHaveLength(1);
    expect(negative[0]).toMatch(/^body\.ending_points\.0 - /);
    expect(where(await save([3, 3.2]))).toEqual(['body.ending_points - Ending points must be at least 0.5 s apart']);
  });

  it('saves ending points only over the list they were based on: a list changed since gets 409 and stays', async () => {
    const id = shared.music_canonical_id;
    const save = (body: object) => w().post(`/api/audio/${id}/eps/`, body);
    const stored = async () => (await t.agent.get(`/api/audio/${id}/`).expect(200)).body.eps;
    // Two tabs read [], each adds a point: the first lands, the second was based on a list that is gone.
    await save({ ending_points: [20], based_on: [] }).expect(200);
    const refused = await save({ ending_points: [30], based_on: [] }).expect(409);
    expect(refused.body).toEqual({ detail: ENDING_POINTS_CHANGED_MESSAGE });
    expect(await stored()).toEqual([20]);
    // Based on what the audio holds (compared normalised), it lands.
    await save({ ending_points: [20, 30], based_on: [20.001] }).expect(200);
    expect(await stored()).toEqual([20, 30]);
    // Callers that send no base replace the list, as before.
    await save({ ending_points: [40] }).expect(200);
    expect(await stored()).toEqual([40]);
    // Ten saves based on one list at once: exactly one lands.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save({ ending_points: [40, 50 + i], based_on: [40] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [landed] = answers.filter((a) => a.status === 200).map((a) => a.body.ending_points);
    expect(await stored()).toEqual(landed);
    // An audio that does not exist is still a 404.
    await w()
      .post('/api/audio/999999999/eps/', { ending_points: [1], based_on: [] })
      .expect(404);
  });

  it('takes a base that matches an imported list in another form, or a list that was never set', async () => {
    const id = imported.music_canonical_id;
    const save = (body: object) => w().post(`/api/audio/${id}/eps/`, body);
    await save({ ending_points: [3, 12, 20], based_on: [3, 12] }).expect(200);
    await audioModel(t).updateOne({ music_canonical_id: id }, { $unset: { eps: 1 } });
    await save({ ending_points: [1], based_on: [3] }).expect(409);
    await save({ ending_points: [1], based_on: [] }).expect(200);
    expect((await t.agent.get(`/api/audio/${id}/`).expect(200)).body.eps).toEqual([1]);
  });

  it("refuses offsets and ending points over a second past the audio's length once it is known", async () => {
    const id = timed.music_canonical_id;
    const beat = (name: string, offsets: number[], musicCanonicalId = id) =>
      w().post('/api/beats/', { name, music_canonical_id: musicCanonicalId, audio_type: 'music', offsets });
    expect((await beat('long', [6, 41.01]).expect(422)).body.detail[0].msg).toBe(OFFSET_AFTER_END_MESSAGE);
    const made = (await beat('to the end', [6, 41]).expect(201)).body;
    await w()
      .put(`/api/beats/${made.id}/`, { ...made, offsets: [6, 42] })
      .expect(422);
    const eps = (ending_points: number[]) => w().post(`/api/audio/${id}/eps/`, { ending_points });
    expect((await eps([10, 41.5]).expect(422)).body.detail[0].msg).toBe(ENDING_POINT_AFTER_END_MESSAGE);
    await eps([10, 41]).expect(200);
    // An audio whose length is not known yet has no end to pass.
    await beat('far', [6, 5000], untimed.music_canonical_id).expect(201);
  });

  it("refuses a beat whose audio_type is not the audio's, naming the field", async () => {
    const res = await w()
      .post('/api/beats/', {
        name: 'verse',
        music_canonical_id: music.music_canonical_id,
        audio_type: 'original_sound',
        offsets: [6],
      })
      .expect(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'audio_type'], msg: "Does not match the audio's type: music" }),
    ]);
  });

  it('takes back the beat GET answered, server-owned fields and all, at its version', async () => {
    const made = (await postMusicBeat('round trip').expect(201)).body;
    const [listed] = (
      await t.agent.get('/api/beats/').query({ music_canonical_id: music.music_canonical_id }).expect(200)
    ).body.filter((b: { id: string }) => b.id === made.id);
    expect(listed).toHaveProperty('created_by');
    const saved = await w()
      .put(`/api/beats/${made.id}/`, { ...listed, offsets: [6, 8] })
      .expect(200);
    expect(saved.body).toMatchObject({
      offsets: [6, 8],
      version: 1,
      created_by: listed.created_by,
      created_at: listed.created_at,
    });
    await w()
      .put(`/api/beats/${made.id}/`, { ...listed, created_by: 'someone else' })
      .expect(409);
    const { version: _ignored, ...withoutVersion } = listed;
    await w().put(`/api/beats/${made.id}/`, withoutVersion).expect(422);
  });

  it('creates a beat with the derived fields recomputed from the offsets, ignoring the client’s', async () => {
    const res = await w()
      .post('/api/beats/', {
        name: 'verse',
        music_canonical_id: music.music_canonical_id,
        audio_type: 'music',
        done: false,
        type: 'manual',
        offsets: [16, 6, 7.5, 17.004, 6],
        segments_info: [{ duration_in_ms: 1 }],
        starting_point_in_ms: 42,
        audio_asset_start_time_in_ms: 42,
      })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'verse',
      audio_type: 'music',
      done: false,
      type: 'manual',
      offsets: [6, 7.5, 16, 17],
      segments_info: [
        { duration_in_ms: 1000 },
        { duration_in_ms: 1500 },
        { duration_in_ms: 8500 },
        { duration_in_ms: 1000 },
      ],
      starting_point_in_ms: 5000,
      audio_asset_start_time_in_ms: 5000,
      template_clips_media_id: null,
      version: 0,
      created_by: 'mia',
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
    const stored = await t.app.get<Model<Beat>>(getModelToken(Beat.name)).findById(res.body.id).lean().exec();
    expect(stored!.segments_info.map((s) => s.duration_in_ms)).toEqual([1000, 1500, 8500, 1000]);
  });

  it('names an unnamed beat beat#N and lists beats in creation order', async () => {
    const base = { music_canonical_id: other.music_canonical_id, audio_type: 'music', done: false };
    await w()
      .post('/api/beats/', { ...base, name: 'first' })
      .expect(201);
    const second = await w()
      .post('/api/beats/', { ...base, name: '' })
      .expect(201);
    expect(second.body.name).toBe('beat#2');
    const third = await w()
      .post('/api/beats/', { ...base, name: '   ' })
      .expect(201);
    expect(third.body.name).toBe('beat#3');
    expect((await beatsOf(other.music_canonical_id)).map((b: { name: string }) => b.name)).toEqual([
      'first',
      'beat#2',
      'beat#3',
    ]);
    expect(second.body).toMatchObject({
      offsets: [],
      segments_info: [],
      starting_point_in_ms: null,
      audio_asset_start_time_in_ms: null,
    });
  });

  it('refuses an offset at or before the first highlight of music with the exact message, but not for original sound', async () => {
    const res = await w()
      .post('/api/beats/', {
        name: 'early',
        music_canonical_id: music.music_canonical_id,
        audio_type: 'music',
        offsets: [5, 8],
      })
      .expect(422);
    expect(res.body).toEqual({
      detail: [{ loc: ['body', 'offsets'], msg: OFFSET_BEFORE_HIGHLIGHT_MESSAGE, type: 'value_error' }],
    });
    const ok = await w()
      .post('/api/beats/', {
        name: 'os',
        music_canonical_id: os.music_canonical_id,
        audio_type: 'original_sound',
        offsets: [1, 2.5],
      })
      .expect(201);
    expect(ok.body).toMatchObject({
      audio_type: 'original_sound',
      starting_point_in_ms: 0,
      segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 1500 }],
    });
  });

  it('replaces a beat at its version, recomputing the derived fields, and refuses a stale version with 409', async () => {
    const made = (await postMusicBeat('put').expect(201)).body;
    const full = { ...made, created_by: undefined, created_at: undefined };
    delete full.created_by;
    delete full.created_at;
    const saved = await w()
      .put(`/api/beats/${made.id}/`, {
        ...full,
        name: 'put v1',
        offsets: [16, 17],
        segments_info: [{ duration_in_ms: 9 }],
        starting_point_in_ms: 0,
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      name: 'put v1',
      offsets: [16, 17],
      segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 1000 }],
      starting_point_in_ms: 15000,
      version: 1,
    });
    const stale = await w()
      .put(`/api/beats/${made.id}/`, { ...full, name: 'stale', offsets: [20] })
      .expect(409);
    expect(typeof stale.body.detail).toBe('string');
    const [stored] = (await beatsOf(music.music_canonical_id)).filter((b: { id: string }) => b.id === made.id);
    expect(stored).toMatchObject({ name: 'put v1', offsets: [16, 17], version: 1 });
    await w()
      .put(`/api/beats/${made.id}/`, { ...full, version: 1, offsets: [2] })
      .expect(422);
    await w()
      .put(`/api/beats/${made.id}/`, { ...full, version: 1, music_canonical_id: other.music_canonical_id })
      .expect(422);
    await w()
      .put('/api/beats/0123456789abcdef01234567/', { ...full, id: undefined, version: 0 })
      .expect(404);
  });

  it('renames, deletes and answers 404 for unknown beats', async () => {
    const made = (
      await w()
        .post('/api/beats/', { name: 'old', music_canonical_id: music.music_canonical_id, audio_type: 'music' })
        .expect(201)
    ).body;
    const renamed = await w().patch(`/api/beats/${made.id}/`, { name: ' new name ' }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'new name', version: 1 });
    await w().patch(`/api/beats/${made.id}/`, { name: '' }).expect(422);
    await w().del(`/api/beats/${made.id}/`).expect(204);
    expect((await beatsOf(music.music_canonical_id)).some((b: { id: string }) => b.id === made.id)).toBe(false);
    await w().del(`/api/beats/${made.id}/`).expect(404);
    await w().patch('/api/beats/not-an-object-id/', { name: 'x' }).expect(404);
    await t.agent.get('/api/beats/').query({ music_canonical_id: 'missing' }).expect(404);
    await t.agent
      .get('/api/beats/')
      .query({ music_canonical_id: { $ne: 1 } })
      .expect(422);
  });

  it('leaves a done beat as it is when it is marked done again: who approved it and when stay', async () => {
    const made = (await postMusicBeat('approved once').expect(201)).body;
    const toggle = (done: boolean) => w().post(`/api/beats/${made.id}/toggle_beats_done/`, { done }).expect(200);
    const first = (await toggle(true)).body;
    const approval = async () => (await t.agent.get(`/api/approvals/beat/${made.id}/`).expect(200)).body;
    const approved = await approval();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await toggle(true)).body).toEqual(first);
    expect(await approval()).toEqual(approved);
    expect((await toggle(false)).body).toEqual({ done: false, version: first.version + 1 });
    expect((await toggle(false)).body).toEqual({ done: false, version: first.version + 1 });
  });

  it('toggles done and keeps the audio figures exact under 10 concurrent toggles', async () => {
    const id = audios[3].music_canonical_id;
    const base = { music_canonical_id: id, audio_type: 'music' };
    const beats = [];
    for (let i = 0; i < 5; i++)
      beats.push(
        (
          await w()
            .post('/api/beats/', { ...base, name: `b${i}`, type: i < 2 ? 'ep' : 'manual' })
            .expect(201)
        ).body,
      );
    const one = await w().post(`/api/beats/${beats[0].id}/toggle_beats_done/`, { done: true }).expect(200);
    expect(one.body).toEqual({ done: true, version: 1 });
    const wanted = [true, false, true, true, false];
    await Promise.all(
      beats.flatMap((b, i) => [
        w().post(`/api/beats/${b.id}/toggle_beats_done/`, { done: !wanted[i] }),
        w().post(`/api/beats/${b.id}/toggle_beats_done/`, { done: wanted[i] }),
      ]),
    );
    const listed = await beatsOf(id);
    const doneCount = listed.filter((b: { done: boolean }) => b.done).length;
    expect(await audioFigures(t, id)).toEqual({
      approved: doneCount,
      ep: 2,
      beatsDone: doneCount,
      templatesApproved: 0,
    });
    const list = (await t.agent.get('/api/audio/').query({ q: audios[3].audio_name }).expect(200)).body.results;
    expect(list.find((a: { id: string }) => a.id === id)).toMatchObject({
      beat_and_template_approved: doneCount,
      ep_template_count: 2,
    });
    await w().post(`/api/beats/${beats[0].id}/toggle_beats_done/`, { done: 'yes' }).expect(422);
  });
  it('links a beat only to a template of its own audio, and keeps that link through every save', async () => {
    const [ours, theirs] = [buildTemplate(music.music_canonical_id, 91), buildTemplate(other.music_canonical_id, 92)];
    await templateModel(t).insertMany([ours, theirs]);
    const clone = (template_clips_media_id: string) => postMusicBeat('copy', { template_clips_media_id });
    for (const wrong of ['no-such-template', theirs.template_clips_media_id]) {
      const res = await clone(wrong).expect(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'template_clips_media_id'],
          msg: 'No template of this audio has this id',
        }),
      ]);
    }
    const made = (await clone(ours.template_clips_media_id).expect(201)).body;
    expect(made.template_clips_media_id).toBe(ours.template_clips_media_id);
    const body = {
      name: made.name,
      music_canonical_id: made.music_canonical_id,
      audio_type: made.audio_type,
      done: made.done,
      type: made.type,
      offsets: [6, 7],
      version: made.version,
    };
    const moved = await w()
      .put(`/api/beats/${made.id}/`, { ...body, template_clips_media_id: theirs.template_clips_media_id })
      .expect(422);
    expect(moved.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'template_clips_media_id'], msg: "A beat's template cannot change" }),
    ]);
    await w()
      .put(`/api/beats/${made.id}/`, { ...body, template_clips_media_id: ours.template_clips_media_id })
      .expect(200);
    // A beat made from no template keeps none.
    const plain = (await postMusicBeat('plain').expect(201)).body;
    const plainBody = { ...body, name: 'plain', version: plain.version };
    await w()
      .put(`/api/beats/${plain.id}/`, { ...plainBody, template_clips_media_id: null })
      .expect(200);
    await w()
      .put(`/api/beats/${plain.id}/`, {
        ...plainBody,
        version: 1,
        template_clips_media_id: ours.template_clips_media_id,
      })
      .expect(422);
  });
});
