import { createTestApp, TestApp } from './helpers/test-app';
import {
  audioFigures,
  buildTemplate,
  buildWorkspaceAudios,
  seedCatalog,
  templateModel,
  writer,
} from './helpers/workspace-fixture';

type Row = {
  src: string;
  id: string;
  music_canonical_id: string;
  approval_date: string;
  approval_by: string;
  segments_count: number;
  segments_length_ms: number;
  audio_name: string;
};

describe('template approvals and the approvals report', () => {
  let t: TestApp;
  const audios = buildWorkspaceAudios(3, 31);
  const [a, b, c] = audios;
  a.tags = ['Chill', 'bad'];
  b.tags = ['Chill'];
  c.tags = [];
  for (const x of audios) x.tag_keys = x.tags.map((s) => s.toLowerCase());
  // Starts of 7 000 ms are no highlight of these audios ([5 000, 15 000]).
  const templates = audios.flatMap((x, k) =>
    Array.from({ length: 25 }, (_, n) =>
      buildTemplate(x.music_canonical_id, n, {
        audio_asset_start_time_in_ms: (n + k) % 4 === 0 ? 7_000 : n % 3 === 0 ? 15_000 : 5_000,
      }),
    ),
  );
  const w = () => writer(t);
  const approve = (tpl: { music_canonical_id: string; template_clips_media_id: string }, approved: boolean | null) =>
    w().post('/api/template-approved/', {
      music_canonical_id: tpl.music_canonical_id,
      template_clips_media_id: tpl.template_clips_media_id,
      approved,
    });
  const page = async (query: Record<string, unknown>) =>
    (await t.agent.get('/api/approvals/').query(query).expect(200)).body as { results: Row[]; total: number };
  const listed = async (id: string, exclude = true) =>
    (
      await t.agent.get('/api/templates/').query({ music_canonical_id: id, exclude_disapproved: exclude }).expect(200)
    ).body.map(
      (x: { template_info: { template_clips_media_id: string }; template_meta: { approved: boolean | null } }) => [
        x.template_info.template_clips_media_id,
        x.template_meta.approved,
      ],
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('mia');
    await seedCatalog(t, audios, templates);
  });
  afterAll(() => t.close());

  it('approves with who and when, clears with null, and disapproval drops the template from the workspace list', async () => {
    const [t0, t1] = templates;
    const toggled = await w()
      .post('/api/template-toggle-approval/', {
        template_clips_media_id: t0.template_clips_media_id,
        music_canonical_id: t0.music_canonical_id,
        audio_id: a.audio_id,
        segments_count: 99,
        segments_length_ms: 1,
        segments_info: [{ duration_in_ms: 1 }],
        audio_asset_start_time_in_ms: 7_000,
        approved: true,
      })
      .expect(200);
    expect(toggled.body).toEqual({
      music_canonical_id: a.music_canonical_id,
      template_clips_media_id: t0.template_clips_media_id,
      approved: true,
    });
    const stored = await templateModel(t)
      .findOne({ template_clips_media_id: t0.template_clips_media_id })
      .lean()
      .exec();
    expect(stored).toMatchObject({
      approved: true,
      approved_by: 'mia',
      segments_count: 3,
      audio_asset_start_time_in_ms: t0.audio_asset_start_time_in_ms,
    });
    expect(Date.now() - stored!.approved_at!.getTime()).toBeLessThan(10_000);
    expect(await audioFigures(t, a.music_canonical_id)).toMatchObject({ approved: 1, templatesApproved: 1 });

    await w()
      .post('/api/template-toggle-approval/', {
        ...toggled.body,
        audio_id: a.audio_id,
        segments_count: 3,
        segments_length_ms: 1,
        segments_info: [],
        audio_asset_start_time_in_ms: null,
        approved: null,
      })
      .expect(200);
    expect(
      await templateModel(t).findOne({ template_clips_media_id: t0.template_clips_media_id }).lean().exec(),
    ).toMatchObject({ approved: null, approved_at: null, approved_by: null });
    expect(await audioFigures(t, a.music_canonical_id)).toMatchObject({ approved: 0 });

    const availableBefore = (await t.agent.get(`/api/audio/`).query({ q: a.audio_name }).expect(200)).body.results[0]
      .template_count_available;
    await approve(t1, false).expect(200);
    expect((await listed(a.music_canonical_id)).map((x: string[]) => x[0])).not.toContain(t1.template_clips_media_id);
    expect(await listed(a.music_canonical_id, false)).toContainEqual([t1.template_clips_media_id, false]);
    const availableAfter = (await t.agent.get(`/api/audio/`).query({ q: a.audio_name }).expect(200)).body.results[0]
      .template_count_available;
    expect(availableAfter).toBe(availableBefore - (t1.audio_asset_start_time_in_ms === 7_000 ? 0 : 1));
    await approve(t1, null).expect(200);
    expect(await listed(a.music_canonical_id)).toContainEqual([t1.template_clips_media_id, null]);
    await approve(
      { music_canonical_id: b.music_canonical_id, template_clips_media_id: t1.template_clips_media_id },
      true,
    ).expect(404);
    await approve(t1, 'yes' as never).expect(422);
  });

  it('answers templates count and from_reels as counted independently', async () => {
    for (const tpl of templates.slice(30, 34)) await approve(tpl, true).expect(200);
    const beat = (
      await w()
        .post('/api/beats/', {
          name: 'd',
          music_canonical_id: c.music_canonical_id,
          audio_type: 'music',
          offsets: [6, 7],
        })
        .expect(201)
    ).body;
    await w().post(`/api/beats/${beat.id}/toggle_beats_done/`, { done: true }).expect(200);
    expect((await t.agent.get('/api/templates/count/').expect(200)).body).toEqual({
      approved: 5,
      beats_done: 1,
      templates_approved: 4,
    });
    const highlights = new Map(audios.map((x) => [x.music_canonical_id, x.highlight_start_times_in_ms]));
    const discarded = templates.filter(
      (x) => !highlights.get(x.music_canonical_id)!.includes(x.audio_asset_start_time_in_ms!),
    ).length;
    expect(discarded).toBeGreaterThan(0);
    expect((await t.agent.get('/api/templates/from_reels/').expect(200)).body).toEqual({
      count: templates.length,
      count_discarded_hl_start: discarded,
    });
  });

  it('lists approved templates and done beats newest first, 100 a page, by audio tags, and unapproving removes rows', async () => {
    for (const tpl of templates.slice(0, 25)) await approve(tpl, true).expect(200);
    for (const tpl of templates.slice(25, 75)) await approve(tpl, true).expect(200);
    const beats = [];
    for (let i = 0; i < 40; i++) {
      const x = audios[i % 3];
      const made = (
        await w()
          .post('/api/beats/', {
            name: `b${i}`,
            music_canonical_id: x.music_canonical_id,
            audio_type: 'music',
            offsets: [6, 7.5, 9],
          })
          .expect(201)
      ).body;
      await w().post(`/api/beats/${made.id}/toggle_beats_done/`, { done: true }).expect(200);
      beats.push(made);
    }
    const total = 75 + 40 + 1;
    const first = await page({});
    const second = await page({ skip: 100 });
    expect(first.total).toBe(total);
    expect(first.results).toHaveLength(100);
    expect(second.results).toHaveLength(total - 100);
    const all = [...first.results, ...second.results];
    expect(new Set(all.map((r) => `${r.src}:${r.id}`)).size).toBe(total);
    const dates = all.map((r) => Date.parse(r.approval_date));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(all[0]).toMatchObject({
      src: 'beat',
      id: beats[39].id,
      approval_by: 'mia',
      segments_count: 3,
      segments_length_ms: 4000,
      audio_name: audios[39 % 3].audio_name,
    });
    const tplRow = all.find((r) => r.src === 'template' && r.id === templates[0].template_clips_media_id)!;
    expect(tplRow).toMatchObject({
      music_canonical_id: a.music_canonical_id,
      segments_count: 3,
      segments_length_ms: templates[0].segments_length_ms,
    });

    const both = await page({ tags: ['chill', 'Bad'] });
    expect(both.total).toBe(all.filter((r) => r.music_canonical_id === a.music_canonical_id).length);
    expect(both.results.every((r) => r.music_canonical_id === a.music_canonical_id)).toBe(true);
    const chill = await page({ tags: 'Chill' });
    expect(chill.total).toBe(all.filter((r) => r.music_canonical_id !== c.music_canonical_id).length);
    await t.agent.get('/api/approvals/').query({ skip: -1 }).expect(422);

    // Tags follow taggify.
    await w()
      .post(`/api/audio/${c.music_canonical_id}/taggify/`, { tags: ['bad', 'chill'] })
      .expect(200);
    expect((await page({ tags: ['chill', 'bad'] })).total).toBe(
      all.filter((r) => r.music_canonical_id !== b.music_canonical_id).length,
    );

    const before = await audioFigures(t, a.music_canonical_id);
    await approve(templates[0], null).expect(200);
    await w().post(`/api/beats/${beats[0].id}/toggle_beats_done/`, { done: false }).expect(200);
    const after = await page({ skip: 0 });
    expect(after.total).toBe(total - 2);
    const keys = [...after.results, ...(await page({ skip: 100 })).results].map((r) => `${r.src}:${r.id}`);
    expect(keys).not.toContain(`template:${templates[0].template_clips_media_id}`);
    expect(keys).not.toContain(`beat:${beats[0].id}`);
    expect(await audioFigures(t, a.music_canonical_id)).toMatchObject({ approved: before.approved - 2 });
    await t.agent.get(`/api/approvals/beat/${beats[0].id}/`).expect(404);
  });

  it('answers the detail of a row with the audio and the timing, and 404 for anything else', async () => {
    const beat = (
      await w()
        .post('/api/beats/', {
          name: 'det',
          music_canonical_id: b.music_canonical_id,
          audio_type: 'music',
          offsets: [16, 17.5],
        })
        .expect(201)
    ).body;
    await w().post(`/api/beats/${beat.id}/toggle_beats_done/`, { done: true }).expect(200);
    await w()
      .post(`/api/audio/${b.music_canonical_id}/eps/`, { ending_points: [20] })
      .expect(200);
    const d = (await t.agent.get(`/api/approvals/beat/${beat.id}/`).expect(200)).body;
    expect(d).toMatchObject({
      src: 'beat',
      id: beat.id,
      template_clips_media_id: null,
      eps: [20],
      media: b.media_url,
      offsets: [16, 17.5],
      segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 1500 }],
      is_original_sound: false,
      highlight_start_times_in_ms: [5000, 15000],
      audio_asset_start_time_in_ms: 15000,
      segments_count: 2,
      segments_length_ms: 2500,
    });
    const tpl = templates[30];
    const td = (await t.agent.get(`/api/approvals/template/${tpl.template_clips_media_id}/`).expect(200)).body;
    const start = tpl.audio_asset_start_time_in_ms!;
    const d0 = tpl.segments_info[0].duration_in_ms;
    expect(td).toMatchObject({
      src: 'template',
      template_clips_media_id: tpl.template_clips_media_id,
      audio_asset_start_time_in_ms: start,
    });
    expect(td.offsets).toEqual([(start + d0) / 1000, (start + d0 + 1500) / 1000, (start + d0 + 3500) / 1000]);
    await t.agent.get(`/api/approvals/template/${templates[0].template_clips_media_id}/`).expect(404);
    await t.agent.get(`/api/approvals/template/${templates[74].template_clips_media_id}x/`).expect(404);
    await t.agent.get('/api/approvals/beat/0123456789abcdef01234567/').expect(404);
    await t.agent.get('/api/approvals/reel/x/').expect(422);
  });

  it('answers the same page from another instance on the same database, with nothing to rebuild', async () => {
    const all = await page({});
    const again = await createTestApp({ dbName: t.dbName });
    try {
      await again.loginAs('mia');
      expect((await again.agent.get('/api/approvals/').expect(200)).body).toEqual(all);
    } finally {
      await again.close();
    }
  });

  it('answers the most frequent template start as the top HL point, and the beat images', async () => {
    const counts = new Map<number, number>();
    for (const x of templates)
      counts.set(x.audio_asset_start_time_in_ms!, (counts.get(x.audio_asset_start_time_in_ms!) ?? 0) + 1);
    const [top] = [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    expect((await t.agent.get('/api/hlpoints/top/').expect(200)).body).toEqual({
      audio_asset_start_time_in_ms: top[0],
    });
    const rows = (await t.agent.get('/api/hlpoints/').expect(200)).body;
    expect(
      rows.map((r: { audio_asset_start_time_in_ms: number; count: number }) => [
        r.audio_asset_start_time_in_ms,
        r.count,
      ]),
    ).toEqual([...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0]));
    const images = (await t.agent.get('/api/beatimages/').expect(200)).body;
    expect(images.length).toBeGreaterThanOrEqual(4);
    const file = await t.agent.get(images[0].image).expect(200);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(file.body ?? file.text)).toContain('<svg');
    await t.agent.get('/api/beatimages/beat-99.svg').expect(404);
    await t.agent.get('/api/beatimages/..%2Fsecret').expect(422);
  });
});
