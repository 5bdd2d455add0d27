import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { GrowthRefreshService } from '../src/audios/growth-refresh.service';
import { ImportReport, runImport } from '../src/import/run-import';
import { AudioEditsService } from '../src/locks/audio-edits.service';
import { createTestApp, TestApp } from './helpers/test-app';

const DAY_MS = 86_400_000;
const jsonl = (rows: unknown[]) => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

describe('npm run import (catalog import)', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'curator-import-test-'));
  const mediaDir = join(dir, 'store');
  const files = { audios: join(dir, 'a.jsonl'), templates: join(dir, 't.jsonl'), reels: join(dir, 'r.jsonl') };
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const audio = (id: string, extra: object = {}) => ({
    music_canonical_id: id,
    audio_id: `a-${id}`,
    audio_name: `Song ${id}`,
    artist_name: 'Nova',
    is_original_sound: false,
    media: 'song.mp3',
    duration_ms: 31000,
    first_seen_at: '2024-04-01T10:00:00Z',
    trendlist: 'trending',
    highlight_start_times_in_ms: [0, 15000],
    ...extra,
  });
  const template = (id: string, start: number | null, clips: number, approved?: boolean | null) => ({
    template_clips_media_id: id,
    music_canonical_id: 'song1',
    code: `C${id}`,
    clips_count: clips,
    segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 2500 }],
    audio_asset_start_time_in_ms: start,
    ...(approved === undefined ? {} : { approved }),
  });

  beforeAll(async () => {
    writeFileSync(join(dir, 'song.mp3'), Buffer.from('ID3 fake mp3 bytes for the store'));
    writeFileSync(
      files.audios,
      jsonl([
        audio('song1', { tags: ['Bad', 'road trip'] }),
        '{"music_canonical_id": "broken"',
        audio('song2', { media: 'missing.mp3' }),
        audio('song3', { is_original_sound: true, media: null, duration_ms: null, trendlist: null, eps: [3.5, 1.25] }),
        audio('bad id!'),
        audio('song4', { first_seen_at: 'last tuesday' }),
      ]),
    );
    writeFileSync(
      files.templates,
      jsonl([
        template('t1', 0, 3),
        template('t2', 15000, 5, false),
        template('t3', 7000, 9),
        template('t4', 15000, 12, true),
        { ...template('t5', 0, 4), music_canonical_id: 'nobody' },
        { ...template('t6', 0, 4), clips_count: -1 },
      ]),
    );
    writeFileSync(
      files.reels,
      jsonl([
        { code: 'r1', music_canonical_id: 'song1', taken_at: iso(1 * DAY_MS) },
        { code: 'r2', music_canonical_id: 'song1', taken_at: iso(3 * DAY_MS) },
        { code: 'r3', music_canonical_id: 'song1', taken_at: iso(6 * DAY_MS) },
        { code: 'r4', music_canonical_id: 'song1', taken_at: iso(8 * DAY_MS) },
        { code: 'r5', music_canonical_id: 'song1', taken_at: iso(40 * DAY_MS) },
        { code: 'r6', music_canonical_id: 'song3', taken_at: iso(2 * DAY_MS) },
        { code: 'r7', music_canonical_id: 'song1', taken_at: 'soon' },
      ]),
    );
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
    await t.loginAs('mia');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (): Promise<ImportReport> =>
    runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, ...files });

  it('imports the good lines and reports each bad line with its number', async () => {
    const report = await run();
    expect(
      report.problems.map((p) => `${p.file === files.audios ? 'a' : p.file === files.templates ? 't' : 'r'}:${p.line}`),
    ).toEqual(['a:2', 'a:3', 'a:5', 'a:6', 'r:7', 't:5', 't:6']);
    expect(report.problems.find((p) => p.line === 3 && p.file === files.audios)!.message).toMatch(
      /^media: file not found: missing\.mp3$/,
    );
    expect(report.problems.find((p) => p.line === 5 && p.file === files.templates)!.message).toMatch(
      /unknown audio nobody/,
    );
    expect(report.files.map((f) => [f.imported, f.skipped])).toEqual([
      [2, 4],
      [4, 2],
      [6, 1],
    ]);
    const list = await t.agent.get('/api/audio/').expect(200);
    expect(list.body.results.map((r: { id: string }) => r.id).sort()).toEqual(['song1', 'song3']);
  });

  it('computes the list figures from the templates and reels', async () => {
    const list = await t.agent.get('/api/audio/').query({ q: 'song1' }).expect(200);
    expect(list.body.results[0]).toMatchObject({
      id: 'song1',
      reel_count: 5,
      template_count_available: 2,
      beat_and_template_approved: 1,
      tags: ['Bad', 'road trip'],
    });
    const byGrowth = await t.agent.get('/api/audio/').query({ sort_by: 'growth', sort_dir: 'desc' }).expect(200);
    expect(byGrowth.body.results.map((r: { id: string }) => r.id)).toEqual(['song1', 'song3']);
    const clips = async (min: number, max: number) =>
      (
        await t.agent
          .get('/api/audio/')
          .query({ template_clips_count_min: min, template_clips_count_max: max })
          .expect(200)
      ).body.total;
    expect(await clips(3, 3)).toBe(1);
    expect(await clips(12, 20)).toBe(1);
    expect(await clips(5, 9)).toBe(0);
    const templates = await t.agent
      .get('/api/templates/')
      .query({
        music_canonical_id: 'song1',
        exclude_not_started_at_highlight: 'true',
        exclude_disapproved: 'true',
      })
      .expect(200);
    expect(
      templates.body.map(
        (x: { template_info: { template_clips_media_id: string } }) => x.template_info.template_clips_media_id,
      ),
    ).toEqual(['t1', 't4']);
    expect(templates.body[1]).toEqual({
      template_info: {
        template_clips_media_id: 't4',
        segments_info: [{ duration_in_ms: 1000 }, { duration_in_ms: 2500 }],
      },
      template_entry: { clips_count: 12 },
      template_meta: { approved: true },
      audio_asset_start_time_in_ms: 15000,
      code: 'Ct4',
    });
    const all = await t.agent.get('/api/templates/').query({ music_canonical_id: 'song1' }).expect(200);
    expect(all.body).toHaveLength(4);
    const tags = (await t.agent.get('/api/tags/').expect(200)).body;
    expect(tags.map((x: { text: string; used_count: number }) => [x.text, x.used_count])).toEqual([
      ['Bad', 1],
      ['road trip', 1],
    ]);
  });

  it('keeps Growth the reels of the last seven days as the window moves, without a new import', async () => {
    const growthOf = async () =>
      Object.fromEntries(
        (
          (await t.agent.get('/api/audio/').query({ sort_by: 'growth', sort_dir: 'desc' }).expect(200)).body
            .results as Array<{ id: string; growth?: number }>
        ).map((r) => [r.id, r]),
      );
    const refresher = t.app.get(GrowthRefreshService);
    const stored = async () =>
      (
        await t.app
          .get<Connection>(getConnectionToken())
          .collection('audios')
          .find({}, { projection: { _id: 1, growth: 1 } })
          .toArray()
      ).map((a) => [a._id, a.growth]);
    expect(Object.fromEntries(await stored())).toEqual({ song1: 3, song3: 1 });
    await refresher.refresh(new Date(now + 2 * DAY_MS));
    expect(Object.fromEntries(await stored())).toEqual({ song1: 2, song3: 1 });
    await refresher.refresh(new Date(now + 5.5 * DAY_MS));
    expect(Object.fromEntries(await stored())).toEqual({ song1: 1, song3: 0 });
    expect(Object.keys(await growthOf())).toEqual(['song1', 'song3']);
  });

  it('shows the approvals it imported on the approvals page at the next request', async () => {
    const page = (await t.agent.get('/api/approvals/').expect(200)).body;
    expect(page.results.map((r: { src: string; id: string }) => `${r.src}:${r.id}`)).toEqual(['template:t4']);
    expect(page.total).toBe(1);
    await t.agent.get('/api/approvals/template/t4/').expect(200);
    await t.agent.get('/api/approvals/template/t2/').expect(404);
  });

  it('copies the media into the store and serves it', async () => {
    const detail = await t.agent.get('/api/audio/song1/').expect(200);
    expect(detail.body.media).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
    const res = await t.agent.get(detail.body.media).expect(200);
    expect(res.body.toString()).toBe('ID3 fake mp3 bytes for the store');
    const song3 = await t.agent.get('/api/audio/song3/').expect(200);
    expect(song3.body).toMatchObject({ media: null, eps: [1.25, 3.5], is_original_sound: true });
  });

  it('can be re-run without duplicating anything, keeping approvals and tags made since', async () => {
    const db = t.app.get<Connection>(getConnectionToken());
    await db.collection('templates').updateOne({ template_clips_media_id: 't1' }, { $set: { approved: true } });
    const counts = async () =>
      Promise.all(['audios', 'templates', 'reels', 'tags'].map((c) => db.collection(c).countDocuments()));
    const before = await counts();
    await run();
    expect(await counts()).toEqual(before);
    expect(before).toEqual([2, 4, 6, 2]);
    const list = await t.agent.get('/api/audio/').query({ q: 'song1' }).expect(200);
    expect(list.body.results[0]).toMatchObject({
      reel_count: 5,
      template_count_available: 2,
      beat_and_template_approved: 2,
    });
  });

  it("adds the beats module's done and ep beats to the list figures", async () => {
    await t.app
      .get(AudioEditsService)
      .run('song1', 'mia', async (edit) => edit.count({ beats_done_count: 3, ep_template_count: 2 }));
    const row = (await t.agent.get('/api/audio/').query({ q: 'song1' }).expect(200)).body.results[0];
    expect(row).toMatchObject({ beat_and_template_approved: 5, ep_template_count: 2 });
    // The Approved templates filter counts approved templates only, not the done beats beside them.
    expect((await t.agent.get('/api/audio/').query({ approved_templates_min: 2 }).expect(200)).body.total).toBe(1);
    expect((await t.agent.get('/api/audio/').query({ approved_templates_min: 5 }).expect(200)).body.total).toBe(0);
    await run();
    expect(
      (await t.agent.get('/api/audio/').query({ q: 'song1' }).expect(200)).body.results[0].beat_and_template_approved,
    ).toBe(5);
  });

  it('imports the first of two lines with one id, and refuses the second naming the first', async () => {
    const twice = { audios: join(dir, 'twice-a.jsonl'), templates: join(dir, 'twice-t.jsonl') };
    writeFileSync(
      twice.audios,
      '\uFEFF' +
        jsonl([audio('twice1', { media: null, tags: ['first'] }), audio('twice1', { media: null, tags: ['second'] })]),
    );
    writeFileSync(
      twice.templates,
      jsonl([template('tw1', 0, 2), { ...template('tw1', 0, 7), music_canonical_id: 'song3' }]),
    );
    const report = await runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, ...twice });
    // The byte-order mark of the first line is not part of its JSON.
    expect(report.problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'music_canonical_id: twice1 is on line 1 too; only that line is imported'],
      [2, 'template_clips_media_id: tw1 is on line 1 too; only that line is imported'],
    ]);
    expect(report.files.map((f) => [f.imported, f.skipped])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect((await t.agent.get('/api/audio/twice1/').expect(200)).body.tags).toEqual(['first']);
    const tags = (await t.agent.get('/api/tags/').expect(200)).body.map((tag: { text: string }) => tag.text);
    expect(tags).not.toContain('second');
  });

  it('refuses ending points and approvals of an audio an editor holds, and imports them once the lock is gone', async () => {
    const db = t.app.get<Connection>(getConnectionToken());
    const locked = { audios: join(dir, 'locked-a.jsonl'), templates: join(dir, 'locked-t.jsonl') };
    writeFileSync(locked.audios, jsonl([audio('song3', { media: null, eps: [9] }), audio('song1', { tags: ['Bad'] })]));
    writeFileSync(locked.templates, jsonl([template('t3', 7000, 9, false), template('t1', 0, 3)]));
    const lockAs = (user: string | null, expiresAt: Date | null) =>
      db.collection('audios').updateMany({}, { $set: { locked_by: user, lock_expires_at: expiresAt } });
    await lockAs('ada', new Date(Date.now() + 30_000));
    const report = await runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, ...locked });
    expect(report.problems.map((p) => [p.file === locked.audios ? 'a' : 't', p.line, p.message])).toEqual([
      ['a', 1, 'eps: audio song3 is being edited by ada (locked); import this line again once they are done'],
      ['t', 1, 'approved: audio song1 is being edited by ada (locked); import this line again once they are done'],
    ]);
    // Lines that do not touch the editor's work are imported.
    expect(report.files.map((f) => [f.imported, f.skipped])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect((await t.agent.get('/api/audio/song3/').expect(200)).body.eps).toEqual([1.25, 3.5]);
    // A lock run out holds nothing.
    await lockAs('ada', new Date(Date.now() - 1000));
    const later = await runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, ...locked });
    expect(later.problems).toEqual([]);
    expect((await t.agent.get('/api/audio/song3/').expect(200)).body.eps).toEqual([9]);
    await lockAs(null, null);
  });

  it("clears an audio's waveform peaks and stems when a re-import gives it another media file", async () => {
    const db = t.app.get<Connection>(getConnectionToken());
    await db.collection('audios').updateOne(
      { _id: 'song1' as never },
      {
        $set: {
          peaks_url: '/media/aa/old.peaks.json',
          stem_status: 'ready',
          stem_tracks: [{ type: 'vocals', url: '/media/x.mp3' }],
        },
      },
    );
    const same = join(dir, 'same-a.jsonl');
    writeFileSync(same, jsonl([audio('song1', { tags: ['Bad', 'road trip'] })]));
    await runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, audios: same });
    // The same file keeps them.
    expect((await t.agent.get('/api/audio/song1/').expect(200)).body).toMatchObject({
      peaks_url: '/media/aa/old.peaks.json',
      stem_status: 'ready',
    });
    writeFileSync(join(dir, 'other.mp3'), Buffer.from('ID3 another song altogether'));
    const other = join(dir, 'other-a.jsonl');
    writeFileSync(other, jsonl([audio('song1', { media: 'other.mp3', tags: ['Bad', 'road trip'] })]));
    await runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, audios: other });
    const after = (await t.agent.get('/api/audio/song1/').expect(200)).body;
    expect(after).toMatchObject({ peaks_url: null, stem_status: null, stem_tracks: [] });
    expect((await t.agent.get(after.media).expect(200)).body.toString()).toBe('ID3 another song altogether');
  });

  it('re-imports a file of more than a hundred known audios, templates and reels', async () => {
    const n = 120; // more than one database command can hold open on the embedded database
    const many = {
      audios: join(dir, 'many-a.jsonl'),
      templates: join(dir, 'many-t.jsonl'),
      reels: join(dir, 'many-r.jsonl'),
    };
    const ids = Array.from({ length: n }, (_, i) => `bulk${i}`);
    writeFileSync(many.audios, jsonl(ids.map((id) => audio(id, { media: null }))));
    writeFileSync(many.templates, jsonl(ids.map((id) => ({ ...template(`bt-${id}`, 0, 2), music_canonical_id: id }))));
    writeFileSync(
      many.reels,
      jsonl(ids.map((id) => ({ code: `br-${id}`, music_canonical_id: id, taken_at: iso(DAY_MS) }))),
    );
    const importMany = () => runImport({ mongodbUri: t.config.MONGODB_URI, mediaDir, mediaRoot: dir, ...many });
    await importMany();
    // The second run updates an existing document with every line.
    const again = await importMany();
    expect(again.problems).toEqual([]);
    expect(again.files.map((f) => f.imported)).toEqual([n, n, n]);
    const list = await t.agent.get('/api/audio/').query({ q: 'bulk119' }).expect(200);
    expect(list.body.results[0]).toMatchObject({ id: 'bulk119', reel_count: 1, template_count_available: 1 });
  }, 120_000);
});
