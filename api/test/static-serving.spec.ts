import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { START_BUNDLE_ATTRIBUTE } from '@curator/shared/contract';
import request from 'supertest';

import { buildFixtureAudios, insertAudios } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A GET that keeps the bytes as sent (supertest would decompress them), with the given Accept-Encoding. */
async function rawGet(
  t: TestApp,
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), body);
  }
}

/** A list screen's manifest: its remote entry, and the files of its './app' and './start' (sharing one). */
const CATALOG_MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [
    { path: './app', assets: { js: { sync: ['841.a1.js', 'app.b2.js'] }, css: { sync: ['473.c3.css'] } } },
    { path: './start', assets: { js: { sync: ['841.a1.js', 'start.d4.js'] }, css: { sync: [] } } },
  ],
};

describe('serving the built front ends', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'curator-static-'));
    writeFiles(webRoot, {
      'shell/dist/index.html':
        '<!doctype html><html><head><meta charset="utf-8"/><title>shell</title><script defer src="/main.3f2a1b.js"></script></head><body></body></html>',
      'shell/dist/main.3f2a1b.js': 'console.log("shell")',
      'mfe-catalog/dist/remoteEntry.js': 'var catalog;',
      'mfe-catalog/dist/mf-manifest.json': '{"name":"catalog"}',
      'mfe-catalog/dist/mf-stats.json': '{}',
      'mfe-catalog/dist/index.html': '<p>remote</p>',
      'mfe-catalog/dist/__federation_expose_app.9c8d7e.js': 'chunk()',
      // Files under the shell's dist that API and media paths must never reach.
      'shell/dist/api/stray.json': '{"from":"shell dist"}',
      'shell/dist/media/stray.mp3': 'shell dist',
      'mfe-catalog/dist/big.5a6b7c.js': `var words = [${Array.from({ length: 2000 }, (_, i) => `'word${i % 50}'`).join(',')}];`,
    });
    // Copies as the build writes them, beside the originals (the copies' bytes are told apart below).
    const script = `var built = [${Array.from({ length: 500 }, (_, i) => i % 7).join(',')}];`;
    writeFileSync(join(webRoot, 'mfe-catalog/dist/pre.7e8f9a.js'), script);
    writeFileSync(join(webRoot, 'mfe-catalog/dist/pre.7e8f9a.js.br'), brotliCompressSync(`${script}//br`));
    writeFileSync(join(webRoot, 'mfe-catalog/dist/pre.7e8f9a.js.gz'), gzipSync(`${script}//gz`));
    writeFileSync(join(webRoot, 'mfe-catalog/dist/remoteEntry.js.br'), brotliCompressSync('var catalog;//br'));
    writeFileSync(join(webRoot, 'shell/dist/main.3f2a1b.js.gz'), gzipSync('console.log("shell")//gz'));
    // mfe-workspace, mfe-reports and mfe-admin have no dist: they serve nothing
    t = await createTestApp({ env: { WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** The boot data a page carries: the remote map and the user. */
  const bootDataOf = (html: string) =>
    JSON.parse(/<script id="curator-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

  it.each(['/', '/audios/', '/beats/123/', '/users/bob/edit/', '/login/'])(
    'answers the client route %s with the shell index.html and its boot data, never cached',
    async (path) => {
      const res = await request(t.app.getHttpServer()).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(bootDataOf(res.text)).toEqual({ remotes: [], me: null });
    },
  );

  it('writes the signed-in user, the remote map and preloads of the current screen (its first reads, its start, then its app) into the page', async () => {
    writeFiles(webRoot, { 'mfe-catalog/dist/b1/mf-manifest.json': JSON.stringify(CATALOG_MANIFEST) });
    const remotes = [{ name: 'catalog', entry: '/mfe/catalog/b1/mf-manifest.json', routes: ['/audios/'] }];
    writeFileSync(join(webRoot, 'remotes.json'), JSON.stringify(remotes));
    try {
      const anonymous = await request(t.app.getHttpServer()).get('/audios/').expect(200);
      expect(anonymous.text).not.toContain('rel="preload"');
      await t.loginAs('page-reader');
      const res = await t.agent.get('/audios/?audio_type=music&tags=Lo-Fi').expect(200);
      expect(bootDataOf(res.text)).toEqual({
        remotes: [{ ...remotes[0], build: null }],
        me: { username: 'page-reader', admin: false },
      });
      const preloads = [...res.text.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map(
        (m) => `${m[2]} ${m[1]}`,
      );
      expect(preloads).toEqual([
        // The API reads the list screen starts with, at the addresses its queries use (attribute-escaped).
        'fetch /api/audio/?skip=0&amp;sort_by=created_at&amp;sort_dir=desc&amp;audio_type=music&amp;tags=Lo-Fi',
        'fetch /api/tags/',
        'fetch /mfe/catalog/b1/mf-manifest.json',
        'script /mfe/catalog/b1/remoteEntry.js',
        // './start' first (the screen's first requests), then the rest of './app', each file once.
        'script /mfe/catalog/b1/841.a1.js',
        'script /mfe/catalog/b1/start.d4.js',
        'script /mfe/catalog/b1/app.b2.js',
        'style /mfe/catalog/b1/473.c3.css',
      ]);
      // The reads open the page, ahead of the shell's own script (they would queue behind its files on
      // the browser's six connections); the boot data and the screen's files come after it.
      const at = (text: string) => res.text.indexOf(text);
      expect(at('href="/api/tags/"')).toBeLessThan(at('src="/main.3f2a1b.js"'));
      expect(at('id="curator-boot"')).toBeGreaterThan(at('src="/main.3f2a1b.js"'));
      expect(at('href="/mfe/catalog/b1/mf-manifest.json"')).toBeGreaterThan(at('src="/main.3f2a1b.js"'));
      // Another screen's route preloads nothing of the catalog.
      expect((await t.agent.get('/metrics/').expect(200)).text).not.toContain('rel="preload"');
    } finally {
      rmSync(join(webRoot, 'remotes.json'));
    }
  });

  it("runs a screen's start bundle, after the shell's scripts, in place of preloading the files in it", async () => {
    writeFiles(webRoot, {
      'mfe-catalog/dist/b2/mf-manifest.json': JSON.stringify(CATALOG_MANIFEST),
      'mfe-catalog/dist/b2/start-bundle.json': JSON.stringify({
        file: 'start.e5.js',
        parts: ['841.a1.js', 'app.b2.js', 'start.d4.js'],
      }),
    });
    const remotes = [{ name: 'catalog', entry: '/mfe/catalog/b2/mf-manifest.json', routes: ['/audios/'] }];
    writeFileSync(join(webRoot, 'remotes.json'), JSON.stringify(remotes));
    try {
      await t.loginAs('bundle-reader');
      const res = await t.agent.get('/audios/').expect(200);
      const screenFiles = [
        ...res.text.matchAll(/<(link rel="preload"|script defer)[^>]* (?:href|src)="(\/mfe\/[^"]+)"/g),
      ];
      expect(screenFiles.map((m) => `${m[1]} ${m[2]}`)).toEqual([
        'link rel="preload" /mfe/catalog/b2/mf-manifest.json',
        'script defer /mfe/catalog/b2/start.e5.js',
        'link rel="preload" /mfe/catalog/b2/remoteEntry.js',
        'link rel="preload" /mfe/catalog/b2/473.c3.css',
      ]);
      // Marked with the screen's name, for the shell's federation runtime; run after the shell's own scripts.
      expect(res.text).toContain(
        `src="/mfe/catalog/b2/start.e5.js" fetchpriority="high" ${START_BUNDLE_ATTRIBUTE}="catalog"`,
      );
      const at = (text: string) => res.text.indexOf(text);
      expect(at('src="/mfe/catalog/b2/start.e5.js"')).toBeGreaterThan(at('src="/main.3f2a1b.js"'));
      // A build whose record does not hold (here a file outside the build) has its files preloaded one by one.
      writeFiles(webRoot, {
        'mfe-catalog/dist/b3/mf-manifest.json': JSON.stringify(CATALOG_MANIFEST),
        'mfe-catalog/dist/b3/start-bundle.json': '{"file": "../escape.js", "parts": ["app.b2.js"]}',
      });
      writeFileSync(
        join(webRoot, 'remotes.json'),
        JSON.stringify([{ ...remotes[0], entry: '/mfe/catalog/b3/mf-manifest.json' }]),
      );
      const plain = (await t.agent.get('/audios/').expect(200)).text;
      expect(plain).not.toContain('escape.js');
      expect(plain).not.toContain(START_BUNDLE_ATTRIBUTE);
      expect(plain).toContain('<link rel="preload" href="/mfe/catalog/b3/app.b2.js" as="script">');
    } finally {
      rmSync(join(webRoot, 'remotes.json'));
    }
  });

  it("preloads a workspace page's audio and, once the analysis has made it, its peaks file, for a signed-in user", async () => {
    const [withPeaks, withoutPeaks] = buildFixtureAudios(2, 11);
    const peaksUrl = `/media/pk/${'b'.repeat(64)}.json`;
    await insertAudios(t, [
      { ...withPeaks, peaks_url: peaksUrl },
      { ...withoutPeaks, peaks_url: null },
    ]);
    const manifest = { metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: [] };
    writeFiles(webRoot, { 'mfe-workspace/dist/w1/mf-manifest.json': JSON.stringify(manifest) });
    const remotes = [{ name: 'workspace', entry: '/mfe/workspace/w1/mf-manifest.json', routes: ['/beats/'] }];
    writeFileSync(join(webRoot, 'remotes.json'), JSON.stringify(remotes));
    const fetchPreloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((m) => m[1]);
    try {
      const page = `/beats/${withPeaks.music_canonical_id}/`;
      const anonymous = await request(t.app.getHttpServer()).get(page).expect(200);
      expect(anonymous.text).not.toContain('rel="preload"');
      await t.loginAs('waveform-reader');
      const res = await t.agent.get(page).expect(200);
      // The audio's read, then its peaks file (the waveform's first drawing), ahead of the shell's script.
      expect(fetchPreloads(res.text)).toEqual([
        `/api/audio/${withPeaks.music_canonical_id}/`,
        peaksUrl,
        '/mfe/workspace/w1/mf-manifest.json',
      ]);
      expect(res.text.indexOf(peaksUrl)).toBeLessThan(res.text.indexOf('src="/main.3f2a1b.js"'));
      // No peaks yet, or no such audio: the audio's read only.
      for (const id of [withoutPeaks.music_canonical_id, 'no-such-audio'])
        expect(fetchPreloads((await t.agent.get(`/beats/${id}/`).expect(200)).text)).toEqual([
          `/api/audio/${id}/`,
          '/mfe/workspace/w1/mf-manifest.json',
        ]);
    } finally {
      rmSync(join(webRoot, 'remotes.json'));
    }
  });

  it('serves hashed shell files immutable and index.html itself no-cache', async () => {
    const chunk = await t.agent.get('/main.3f2a1b.js').expect(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    const index = await t.agent.get('/index.html').expect(200);
    expect(index.headers['cache-control']).toBe(NO_CACHE);
  });

  it("seeds the anti-forgery cookie on a page and the API's answers, never on a cached file", async () => {
    // A first visit, without cookies: a shared cache would hand a file's Set-Cookie to everyone.
    const server = t.app.getHttpServer() as http.Server;
    for (const path of ['/main.3f2a1b.js', '/mfe/catalog/__federation_expose_app.9c8d7e.js']) {
      const file = await request(server).get(path).expect(200);
      expect(file.headers['set-cookie']).toBeUndefined();
    }
    for (const path of ['/audios/', '/api/health/']) {
      const seeded = await request(server).get(path).expect(200);
      expect(String(seeded.headers['set-cookie'])).toMatch(/^csrftoken=/);
    }
  });

  it('serves remote entry files no-cache and hashed chunks immutable', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'index.html']) {
      const res = await t.agent.get(`/mfe/catalog/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    }
    const chunk = await t.agent.get('/mfe/catalog/__federation_expose_app.9c8d7e.js').expect(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.text).toBe('chunk()');
  });

  it("sends a page's scripts only the security headers a browser heeds on a script, and the page all of them", async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ];
    for (const path of [
      '/main.3f2a1b.js',
      '/mfe/catalog/__federation_expose_app.9c8d7e.js',
      '/mfe/catalog/remoteEntry.js',
    ]) {
      const script = await t.agent.get(path).expect(200);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of documentOnly) expect(script.headers[name]).toBeUndefined();
      expect(script.headers['last-modified']).toBeUndefined();
    }
    const page = await t.agent.get('/audios/').expect(200);
    for (const name of documentOnly) expect(page.headers[name]).toBeDefined();
    // A file a browser could show as a page keeps them all.
    const other = await t.agent.get('/mfe/catalog/index.html').expect(200);
    expect(other.headers['content-security-policy']).toBeDefined();
  });

  it('answers an unchanged remote entry 304 by its ETag', async () => {
    const first = await t.agent.get('/mfe/catalog/remoteEntry.js').expect(200);
    expect(first.headers.etag).toBeDefined();
    await t.agent.get('/mfe/catalog/remoteEntry.js').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('reads a hashed file once and answers it from memory after, while an entry file is read again', async () => {
    writeFiles(webRoot, {
      'mfe-catalog/dist/held.1a2b3c.js': 'first()',
      'mfe-catalog/dist/b9/remoteEntry.js': 'var first;',
    });
    const first = await t.agent.get('/mfe/catalog/held.1a2b3c.js').expect(200);
    expect(first.text).toBe('first()');
    await t.agent.get('/mfe/catalog/b9/remoteEntry.js').expect(200, 'var first;');
    // A name's content never changes: even with the file gone from disk the same bytes and ETag come back.
    rmSync(join(webRoot, 'mfe-catalog/dist/held.1a2b3c.js'));
    writeFileSync(join(webRoot, 'mfe-catalog/dist/b9/remoteEntry.js'), 'var second;');
    const again = await t.agent.get('/mfe/catalog/held.1a2b3c.js').expect(200);
    expect(again.text).toBe('first()');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    await t.agent.get('/mfe/catalog/held.1a2b3c.js').set('If-None-Match', first.headers.etag).expect(304);
    await t.agent.get('/mfe/catalog/b9/remoteEntry.js').expect(200, 'var second;');
    // A file never found is not held: it is looked for again.
    await t.agent.get('/mfe/catalog/later.4d5e6f.js').expect(404);
    writeFiles(webRoot, { 'mfe-catalog/dist/later.4d5e6f.js': 'later()' });
    await t.agent.get('/mfe/catalog/later.4d5e6f.js').expect(200, 'later()');
  });

  it('sends a script brotli-encoded to a client that asks for it, and plain to one that does not', async () => {
    const asked = await rawGet(t, '/mfe/catalog/big.5a6b7c.js', 'br, gzip');
    expect(asked.status).toBe(200);
    expect(asked.headers['content-encoding']).toBe('br');
    expect(asked.headers.vary).toMatch(/Accept-Encoding/i);
    expect(asked.headers['cache-control']).toBe(IMMUTABLE);
    const plain = await rawGet(t, '/mfe/catalog/big.5a6b7c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(asked.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(asked.body).equals(plain.body)).toBe(true);
    expect((await rawGet(t, '/mfe/catalog/big.5a6b7c.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(t, '/mfe/catalog/remoteEntry.js', 'br')).headers['cache-control']).toBe(NO_CACHE);
  });

  it("serves the build's brotli or gzip copy of a script as the client accepts, with the original's type and caching", async () => {
    const br = await rawGet(t, '/mfe/catalog/pre.7e8f9a.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.body).toString()).toMatch(/\/\/br$/);
    const gz = await rawGet(t, '/mfe/catalog/pre.7e8f9a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/\/\/gz$/);
    // The client's weights come first; brotli only breaks a tie.
    expect((await rawGet(t, '/mfe/catalog/pre.7e8f9a.js', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(t, '/mfe/catalog/pre.7e8f9a.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^var built/);
    // The entry stays revalidated when its copy is sent; the shell's files have copies too.
    const entry = await rawGet(t, '/mfe/catalog/remoteEntry.js', 'br');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(brotliDecompressSync(entry.body).toString()).toBe('var catalog;//br');
    const shell = await rawGet(t, '/main.3f2a1b.js', 'gzip');
    expect(gunzipSync(shell.body).toString()).toBe('console.log("shell")//gz');
    expect(shell.headers['cache-control']).toBe(IMMUTABLE);
    // No way out of the dist through an encoded path.
    expect((await rawGet(t, '/mfe/catalog/..%2f..%2fshell%2fdist%2fmain.3f2a1b.js', 'gzip')).status).toBe(404);
  });

  it('compresses API JSON above 1 KB and leaves small answers as they are', async () => {
    const big = await rawGet(t, '/api/openapi.json', 'br');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/Accept-Encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.body).toString('utf8'));
    expect(document).toHaveProperty('paths');
    expect(Number(big.headers['content-length'])).toBe(big.body.length);
    // The client's weights decide; among equals, brotli.
    const gz = await rawGet(t, '/api/openapi.json', 'br;q=0.5, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(document);
    expect((await rawGet(t, '/api/openapi.json', 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    const plain = await rawGet(t, '/api/openapi.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(document);
    const small = await rawGet(t, '/api/health/', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing remote chunk or route with 404, never the shell page', async () => {
    for (const path of [
      '/mfe/catalog/missing.1234.js',
      '/mfe/catalog/some/route',
      '/mfe/workspace/remoteEntry.js',
      '/mfe/other/x.js',
      '/missing.5678.js',
    ]) {
      const res = await t.agent.get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<title>shell</title>');
    }
  });

  it('keeps /api and /media out of the fallback', async () => {
    const api = await t.agent.get('/api/nope/');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(typeof api.body.detail).toBe('string');
    const media = await t.agent.get('/media/nothing');
    expect(media.status).toBe(404);
    expect(media.text).not.toContain('<title>shell</title>');
  });

  it("never answers an /api or /media path from the shell's files", async () => {
    const api = await t.agent.get('/api/stray.json');
    expect(api.status).toBe(404);
    expect(api.text).not.toContain('shell dist');
    const media = await t.agent.get('/media/stray.mp3');
    expect(media.status).toBe(404);
    expect(media.text).not.toContain('shell dist');
  });

  it('sends security headers with a CSP allowing same-origin scripts, blob: workers and media', async () => {
    const res = await t.agent.get('/audios/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(/media-src 'self' blob:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
