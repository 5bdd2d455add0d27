import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';

import { MEDIA_CACHE_CONTROL } from '../src/media/media-route';
import { MediaStoreService } from '../src/media/media-store.service';
import { createTestApp, TestApp } from './helpers/test-app';

describe('/media/ (stored media with range requests)', () => {
  let t: TestApp;
  const mediaDir = mkdtempSync(join(tmpdir(), 'curator-media-'));
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));
  let url = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
    await t.loginAs('mia');
    url = (await t.app.get(MediaStoreService).storeBuffer(bytes, 'mp3')).url;
  });
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('stores by content hash, once', async () => {
    const again = await t.app.get(MediaStoreService).storeBuffer(Buffer.from(bytes), 'mp3');
    expect(again.url).toBe(url);
    expect(url).toMatch(/^\/media\/([0-9a-f]{2})\/\1[0-9a-f]{62}\.mp3$/);
  });

  it('answers a range request with 206 and exactly those bytes', async () => {
    const res = await t.agent
      .get(url)
      .set('Range', 'bytes=1000-1999')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 1000-1999/5000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers['content-type']).toMatch(/^audio\/mpeg/);
    expect(Buffer.compare(res.body as Buffer, bytes.subarray(1000, 2000))).toBe(0);
    const whole = await t.agent.get(url).expect(200);
    expect(Number(whole.headers['content-length'])).toBe(5000);
  });

  it("sends a stored file's brotli copy to a client that accepts brotli, and the file itself to one that does not", async () => {
    const values = Array.from({ length: 4000 }, (_, i) => Math.round(Math.sin(i / 7) * 1e4) / 1e4);
    const json = Buffer.from(JSON.stringify({ version: 1, peaks: [values] }));
    const hash = url.split('/').pop()!.split('.')[0];
    const peaks = await t.app.get(MediaStoreService).storeCompanion(hash, 'peaks.json', json, { brotliCopy: true });
    const compressed = await t.agent.get(peaks.url).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^application\/json/);
    expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(compressed.headers['content-length'])).toBeLessThan(json.length / 2);
    expect(compressed.body).toEqual(JSON.parse(json.toString()));
    // Without brotli: compressed on the way, as any answer.
    const gzipped = await t.agent.get(peaks.url).set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toEqual(JSON.parse(json.toString()));
    const plain = await t.agent.get(peaks.url).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(plain.headers['content-length'])).toBe(json.length);
    expect(plain.body).toEqual(JSON.parse(json.toString()));
    // The copy has no address of its own.
    await t.agent.get(`${peaks.url}.br`).expect(404);
  });

  it('needs a session and never leaves the media directory', async () => {
    await request(t.app.getHttpServer()).get(url).expect(401);
    for (const path of [
      '/media/../package.json',
      '/media/%2e%2e/package.json',
      '/media/aa/..%2f..%2fpackage.json',
      '/media/aa/x.mp3',
      '/media/',
    ]) {
      const res = await t.agent.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    await t.agent.get(url.replace('.mp3', '.ogg')).expect(404);
  });
});
