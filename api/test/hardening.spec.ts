import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NEW_BEAT_DONE_MESSAGE, NO_CONTROL_CHARACTERS_MESSAGE } from '@curator/shared/contract';
import { EP_BEAT_TOO_LONG_MESSAGE } from '@curator/shared/domain';

import { MediaStoreService } from '../src/media/media-store.service';
import { createTestApp, TestApp } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog, writer } from './helpers/workspace-fixture';

/** The small holes of a review: each one a caller could hit. */
describe('hardening', () => {
  let t: TestApp;
  const mediaDir = mkdtempSync(join(tmpdir(), 'curator-hardening-media-'));
  const webRoot = mkdtempSync(join(tmpdir(), 'curator-hardening-web-'));
  const audios = buildWorkspaceAudios(4, 91);
  const [music, second, third, fourth] = audios;
  const w = () => writer(t);
  const beatsOf = async (id: string): Promise<Array<{ name: string; done: boolean }>> =>
    (await t.agent.get('/api/beats/').query({ music_canonical_id: id }).expect(200)).body;

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(
      join(webRoot, 'shell', 'dist', 'main.1a2b3c.js'),
      'console.log(1)\n//# sourceMappingURL=main.1a2b3c.js.map',
    );
    writeFileSync(join(webRoot, 'shell', 'dist', 'main.1a2b3c.js.map'), '{"version":3,"sourcesContent":["secret"]}');
    mkdirSync(join(webRoot, 'mfe-catalog', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'mfe-catalog', 'dist', 'remoteEntry.js.map'), '{"version":3}');
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir, WEB_ROOT: webRoot } });
    await t.loginAs('mia', { admin: true });
    await seedCatalog(t, audios, []);
  });
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves no source maps by default, and serves them with SERVE_SOURCE_MAPS=1', async () => {
    await t.agent.get('/main.1a2b3c.js').expect(200);
    await t.agent.get('/main.1a2b3c.js.map').expect(404);
    await t.agent.get('/mfe/catalog/remoteEntry.js.map').expect(404);
    const withMaps = await createTestApp({ dbName: t.dbName, env: { WEB_ROOT: webRoot, SERVE_SOURCE_MAPS: '1' } });
    try {
      const res = await withMaps.agent.get('/main.1a2b3c.js.map').expect(200);
      expect(res.text).toContain('sourcesContent');
    } finally {
      await withMaps.close();
    }
  });

  it('answers a Range past the end of a media file with 416 and Content-Range: bytes */size', async () => {
    const { url } = await t.app.get(MediaStoreService).storeBuffer(Buffer.alloc(3000, 7), 'mp3');
    const res = await t.agent.get(url).set('Range', 'bytes=5000-6000');
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */3000');
    await t.agent.get(url).set('Range', 'bytes=0-9').expect(206);
  });

  it.each(['bad\u0000name', 'tab\there', 'line\nbreak', 'bell\u0007', 'c1\u0085'])(
    'refuses the control characters of %j in tag names and beat names with a 422',
    async (name) => {
      const tag = await w().post('/api/tags/', { text: name }).expect(422);
      expect(tag.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'text'], msg: NO_CONTROL_CHARACTERS_MESSAGE }),
      ]);
      const tagged = await w()
        .post(`/api/audio/${music.music_canonical_id}/taggify/`, { tags: ['fine', name] })
        .expect(422);
      expect(tagged.body.detail[0].msg).toBe(NO_CONTROL_CHARACTERS_MESSAGE);
      const beat = await w()
        .post('/api/beats/', { name, music_canonical_id: music.music_canonical_id, audio_type: 'music', offsets: [6] })
        .expect(422);
      expect(beat.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'name'], msg: NO_CONTROL_CHARACTERS_MESSAGE }),
      ]);
    },
  );

  it('names ten parallel creates with an empty name beat#1 … beat#10, all distinct', async () => {
    const made = await Promise.all(
      Array.from({ length: 10 }, () =>
        w().post('/api/beats/', { name: '', music_canonical_id: second.music_canonical_id, audio_type: 'music' }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(201));
    const names = (await beatsOf(second.music_canonical_id)).map((b) => b.name).sort();
    expect(new Set(names).size).toBe(10);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `beat#${i + 1}`).sort());
  });

  it('names a create beat#N after the beat count again once the beat that had that name was renamed', async () => {
    const id = fourth.music_canonical_id;
    const create = async () =>
      (await w().post('/api/beats/', { name: '', music_canonical_id: id, audio_type: 'music' }).expect(201)).body as {
        id: string;
        name: string;
        version: number;
      };
    const first = await create();
    const second = await create();
    expect([first.name, second.name]).toEqual(['beat#1', 'beat#2']);
    await w()
      .put(`/api/beats/${second.id}/`, {
        name: 'intro',
        music_canonical_id: id,
        audio_type: 'music',
        done: false,
        type: 'manual',
        offsets: [6],
        version: second.version,
      })
      .expect(200);
    await w().del(`/api/beats/${first.id}/`).expect(204);
    // One beat ("intro"), and no beat is called beat#2 any more.
    expect((await create()).name).toBe('beat#2');
  });

  it('refuses to create a beat already done: approval goes through toggle_beats_done only', async () => {
    const res = await w()
      .post('/api/beats/', {
        name: 'born approved',
        music_canonical_id: third.music_canonical_id,
        audio_type: 'music',
        offsets: [6],
        done: true,
      })
      .expect(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'done'], msg: NEW_BEAT_DONE_MESSAGE })]);
    expect(await beatsOf(third.music_canonical_id)).toEqual([]);
    const made = await w()
      .post('/api/beats/', {
        name: 'new',
        music_canonical_id: third.music_canonical_id,
        audio_type: 'music',
        offsets: [6],
        done: false,
      })
      .expect(201);
    expect(made.body.done).toBe(false);
  });

  it('refuses an ep beat longer than the 30 s template cap, on create and on save', async () => {
    const create = (name: string, offsets: number[]) =>
      w().post('/api/beats/', {
        name,
        music_canonical_id: third.music_canonical_id,
        audio_type: 'music',
        type: 'ep',
        offsets,
      });
    const long = await create('too long_ep#1', [6, 10, 40]).expect(422);
    expect(long.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'offsets'], msg: EP_BEAT_TOO_LONG_MESSAGE }),
    ]);
    const ok = (await create('fits_ep#1', [6, 10, 20]).expect(201)).body;
    const saved = await w()
      .put(`/api/beats/${ok.id}/`, { ...ok, offsets: [6, 10, 20, 45] })
      .expect(422);
    expect(saved.body.detail[0].msg).toBe(EP_BEAT_TOO_LONG_MESSAGE);
    // A manual beat has no cap.
    await w()
      .post('/api/beats/', {
        name: 'long manual',
        music_canonical_id: third.music_canonical_id,
        audio_type: 'music',
        offsets: [6, 10, 40],
      })
      .expect(201);
  });

  it('refuses a body on lock, unlock, stem and autobeat, and unknown query parameters on hlpoints, metrics and beatimages', async () => {
    const id = music.music_canonical_id;
    const bodiless = [
      `/api/audio/${id}/lock/`,
      `/api/audio/${id}/unlock/`,
      `/api/audio/${id}/stem/`,
      `/api/autobeat/${id}/`,
    ];
    for (const url of bodiless) {
      const res = await w().post(url, { surprise: 1 });
      expect({ url, status: res.status, detail: res.body.detail }).toEqual({
        url,
        status: 422,
        detail: [{ loc: ['body', 'surprise'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }],
      });
    }
    for (const url of ['/api/hlpoints/', '/api/hlpoints/top/', '/api/metrics/', '/api/beatimages/']) {
      const res = await t.agent.get(url).query({ surprise: 1 });
      expect({ url, status: res.status, detail: res.body.detail }).toEqual({
        url,
        status: 422,
        detail: [{ loc: ['query', 'surprise'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }],
      });
      await t.agent.get(url).expect(200);
    }
  });
});
