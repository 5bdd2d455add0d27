import { createTestApp, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

type Page = { results: Array<{ id: string; approval_by: string | null }>; total: number };

/**
 * Two API instances keeping the approvals page in memory on one database, and a third answering
 * from the database itself: approvals made on either instance, tag changes copied into the rows
 * and unapprovals show in the other's next page, and all three agree.
 */
describe('the in-memory approvals page across API instances', () => {
  let mia: TestApp;
  let leo: TestApp;
  let reference: TestApp;
  const audios = buildWorkspaceAudios(4, 47);
  const templates = audios.flatMap((a) => Array.from({ length: 8 }, (_, n) => buildTemplate(a.music_canonical_id, n)));

  const page = async (t: TestApp, query: Record<string, string | number> = {}) =>
    (await t.agent.get('/api/approvals/').query(query).expect(200)).body as Page;
  const approve = (t: TestApp, tpl: (typeof templates)[number], approved: boolean | null) =>
    writer(t)
      .post('/api/template-approved/', {
        music_canonical_id: tpl.music_canonical_id,
        template_clips_media_id: tpl.template_clips_media_id,
        approved,
      })
      .expect(200);
  async function expectAgreement(queries: Array<Record<string, string | number>>): Promise<void> {
    for (const query of queries) {
      const expected = await page(reference, query);
      expect(await page(mia, query)).toEqual(expected);
      expect(await page(leo, query)).toEqual(expected);
    }
  }

  beforeAll(async () => {
    mia = await createTestApp({ env: { AUDIO_LIST_INDEX: 'memory' } });
    leo = await createTestApp({ dbName: mia.dbName, env: { AUDIO_LIST_INDEX: 'memory' } });
    reference = await createTestApp({ dbName: mia.dbName, env: { AUDIO_LIST_INDEX: 'database' } });
    await mia.loginAs('mia');
    await leo.loginAs('leo');
    await reference.loginAs('ref');
    await seedCatalog(mia, audios, templates);
    // Both instances have read the (empty) page before the writes below.
    expect((await page(mia)).total).toBe(0);
    expect((await page(leo)).total).toBe(0);
  });
  afterAll(async () => {
    await reference.close();
    await leo.close();
    await mia.close();
  });

  it("shows one instance's approvals in the other's very next page, in the database's order", async () => {
    await approve(mia, templates[0], true);
    expect((await page(leo)).results.map((r) => r.id)).toEqual([templates[0].template_clips_media_id]);

    await Promise.all(templates.slice(1, 21).map((tpl, i) => approve(i % 2 ? mia : leo, tpl, true)));
    const all = await page(reference);
    expect(all.total).toBe(21);
    expect(new Set(all.results.map((r) => r.approval_by))).toEqual(new Set(['mia', 'leo']));
    await expectAgreement([{}, { skip: 5 }, { skip: 20 }, { skip: 21 }]);
  });

  it("follows an audio's new tags into the tag filter, and drops unapproved rows", async () => {
    const [first, second] = audios;
    await writer(mia)
      .post(`/api/audio/${first.music_canonical_id}/taggify/`, { tags: ['Coherent'] })
      .expect(200);
    const tagged = await page(leo, { tags: 'coherent' });
    expect(tagged.total).toBe(
      templates.slice(0, 21).filter((t) => t.music_canonical_id === first.music_canonical_id).length,
    );

    const dropped = templates.slice(0, 21).find((t) => t.music_canonical_id === second.music_canonical_id)!;
    await approve(leo, dropped, null);
    expect((await page(mia)).results.map((r) => r.id)).not.toContain(dropped.template_clips_media_id);
    await expectAgreement([{}, { tags: 'coherent' }, { tags: 'nothing-has-this' }]);
  });

  it("shows a beat marked done on one instance in the other's next page, and drops it when undone", async () => {
    const audio = audios[2].music_canonical_id;
    const made = await writer(mia)
      .post('/api/beats/', { name: 'coherent', music_canonical_id: audio, audio_type: 'music', offsets: [6, 7] })
      .expect(201);
    const id = made.body.id as string;
    await writer(mia).post(`/api/beats/${id}/toggle_beats_done/`, { done: true }).expect(200);
    expect((await page(leo)).results.map((r) => r.id)[0]).toBe(id);
    await expectAgreement([{}, { skip: 1 }]);
    await writer(leo).post(`/api/beats/${id}/toggle_beats_done/`, { done: false }).expect(200);
    expect((await page(mia)).results.map((r) => r.id)).not.toContain(id);
    await expectAgreement([{}, { skip: 1 }]);
  });
});
