import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { findStoredGarbage } from './helpers/reliability-invariants';
import { createTestApp, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

const ROUNDS = 6;

/**
 * Two API instances on one database, one user on each (what two browser tabs behind a load
 * balancer do): stale writes lose, one lock holder at a time, and every counter equals a recount.
 * workspace-locks.spec.ts covers single races and expiry; here the races repeat and mix.
 */
describe('concurrent editors on two API instances', () => {
  let mia: TestApp;
  let leo: TestApp;
  const audios = buildWorkspaceAudios(6, 91);
  const ids = audios.map((a) => a.music_canonical_id);
  const templates = ids.slice(0, 3).flatMap((id, i) => [1, 2, 3].map((n) => buildTemplate(id, i * 10 + n)));

  beforeAll(async () => {
    mia = await createTestApp();
    leo = await createTestApp({ dbName: mia.dbName });
    await mia.loginAs('mia');
    await leo.loginAs('leo');
    await seedCatalog(mia, audios, templates);
  });
  afterAll(async () => {
    await leo.close();
    await mia.close();
  });

  const garbage = () => findStoredGarbage(mia.app.get<Connection>(getConnectionToken()).db!);

  it('lets exactly one of two PUTs at the same version win, and never overwrites the winner', async () => {
    const made = (
      await writer(mia)
        .post('/api/beats/', { name: 'shared', music_canonical_id: ids[4], audio_type: 'music', offsets: [6] })
        .expect(201)
    ).body;
    const body = (name: string, offsets: number[], version: number) => ({
      name,
      music_canonical_id: ids[4],
      audio_type: 'music',
      done: false,
      type: 'manual',
      offsets,
      version,
    });
    let version = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([
        writer(mia).put(`/api/beats/${made.id}/`, body(`mia ${round}`, [6, 7 + round], version)),
        writer(leo).put(`/api/beats/${made.id}/`, body(`leo ${round}`, [16, 17 + round], version)),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      expect(typeof loser.body.detail).toBe('string');
      const [stored] = (await leo.agent.get('/api/beats/').query({ music_canonical_id: ids[4] }).expect(200)).body;
      expect(stored).toMatchObject({ name: winner.body.name, offsets: winner.body.offsets, version: version + 1 });
      // The loser retries its stale version alone: still refused, still nothing overwritten.
      const retried =
        loser === a
          ? writer(mia).put(`/api/beats/${made.id}/`, body('late', [9], version))
          : writer(leo).put(`/api/beats/${made.id}/`, body('late', [9], version));
      await retried.expect(409);
      version++;
    }
    expect(await garbage()).toEqual([]);
  });

  it("lets exactly one of N parallel saves at one version through, and moves the audio's figures once", async () => {
    const id = ids[3];
    const figures = async () =>
      (await mia.agent.get('/api/audio/').expect(200)).body.results.find((a: { id: string }) => a.id === id);
    const before = await figures();
    const made = (
      await writer(mia)
        .post('/api/beats/', { name: 'raced', music_canonical_id: id, audio_type: 'music', offsets: [6] })
        .expect(201)
    ).body;
    const n = 8;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        writer(i % 2 ? leo : mia).put(`/api/beats/${made.id}/`, {
          name: `save ${i}`,
          music_canonical_id: id,
          audio_type: 'music',
          done: true,
          type: 'ep',
          offsets: [6, 7 + i],
          version: 0,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(n - 1).fill(409)]);
    const after = await figures();
    expect(after.beat_and_template_approved).toBe(before.beat_and_template_approved + 1);
    expect(after.ep_template_count).toBe(before.ep_template_count + 1);
    const winner = answers.find((a) => a.status === 200)!.body;
    const [stored] = (await leo.agent.get('/api/beats/').query({ music_canonical_id: id }).expect(200)).body.filter(
      (b: { id: string }) => b.id === made.id,
    );
    expect(stored).toMatchObject({ name: winner.name, offsets: winner.offsets, version: 1, done: true });
  });

  it('gives the lock to exactly one of two users taking it at once, round after round', async () => {
    const id = ids[5];
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([
        writer(mia).post(`/api/audio/${id}/lock/`),
        writer(leo).post(`/api/audio/${id}/lock/`),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? 'mia' : 'leo';
      expect((a.status === 409 ? a : b).body).toEqual({ detail: `Locked by ${winner}` });
      expect((await mia.agent.get(`/api/audio/${id}/`).expect(200)).body).toMatchObject({
        locked: true,
        locked_by: winner,
      });
      await writer(winner === 'mia' ? leo : mia)
        .post(`/api/audio/${id}/unlock/`)
        .expect(200);
    }
  });

  it('keeps tag, approval and done counters equal to a recount under parallel taggify, approve, unapprove and done toggles', async () => {
    const beats: { id: string; music_canonical_id: string }[] = [];
    for (const id of ids.slice(0, 3)) {
      for (let i = 0; i < 2; i++)
        beats.push(
          (
            await writer(mia)
              .post('/api/beats/', {
                name: `b${i}`,
                music_canonical_id: id,
                audio_type: 'music',
                type: i ? 'ep' : 'manual',
                offsets: [6, 8],
              })
              .expect(201)
          ).body,
        );
    }
    const toggle = (t: TestApp, tmpl: (typeof templates)[number], approved: true | null) =>
      writer(t).post('/api/template-toggle-approval/', {
        template_clips_media_id: tmpl.template_clips_media_id,
        music_canonical_id: tmpl.music_canonical_id,
        audio_id: tmpl.music_canonical_id,
        segments_count: 3,
        segments_length_ms: 1,
        segments_info: [],
        audio_asset_start_time_in_ms: null,
        approved,
      });
    const tagSets = [['chill', 'bad'], ['Chill'], ['inside app', 'bad', 'new'], [], ['discovery app']];
    for (let round = 0; round < ROUNDS; round++) {
      const requests = [
        ...ids
          .slice(0, 4)
          .flatMap((id, i) => [
            writer(mia).post(`/api/audio/${id}/taggify/`, { tags: tagSets[(round + i) % tagSets.length] }),
            writer(leo).post(`/api/audio/${id}/taggify/`, { tags: tagSets[(round + i + 2) % tagSets.length] }),
          ]),
        ...templates.flatMap((tmpl, i) => [
          toggle(mia, tmpl, (round + i) % 2 ? true : null),
          toggle(leo, tmpl, (round + i) % 3 ? null : true),
        ]),
        ...beats.flatMap((b, i) => [
          writer(mia).post(`/api/beats/${b.id}/toggle_beats_done/`, { done: (round + i) % 2 === 0 }),
          writer(leo).post(`/api/beats/${b.id}/toggle_beats_done/`, { done: (round + i) % 3 === 0 }),
        ]),
      ];
      const answers = await Promise.all(
        requests.map((r) => r.then((res) => `${res.status} ${res.text.slice(0, 100)}`)),
      );
      expect(answers.filter((s) => !s.startsWith('200'))).toEqual([]);
    }
    expect(await garbage()).toEqual([]);
    // The approvals page agrees with the sources too.
    const page = (await mia.agent.get('/api/approvals/').expect(200)).body;
    const rows = (page.results ?? page) as unknown[];
    const templatesApproved = (await mia.agent.get('/api/templates/count/').expect(200)).body;
    expect(rows.length).toBe(templatesApproved.approved);
  });
});
