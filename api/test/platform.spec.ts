import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Logger } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';

import { createTestApp, TestApp } from './helpers/test-app';

const REMOTES = [
  { name: 'catalog', entry: '/mfe/catalog/mf-manifest.json', routes: ['/audios/', '/templates/'] },
  { name: 'admin', entry: '/mfe/admin/mf-manifest.json', routes: ['/users/', '/tags/'] },
];
/** Entries outside `/mfe/<screen>/<build id>/` name no build. */
const withoutBuild = (remotes: typeof REMOTES) => remotes.map((r) => ({ ...r, build: null }));

/** Writes a build of a screen as the build does: its files' folder with build.json, and dist/LATEST. */
function writeBuild(webRoot: string, screen: string, buildId: string, latest: boolean) {
  const dist = join(webRoot, `mfe-${screen}`, 'dist');
  mkdirSync(join(dist, buildId), { recursive: true });
  const record = { screen, buildId, builtAt: '2026-11-25T10:00:00.000Z', kernel: '2.0.0' };
  writeFileSync(join(dist, buildId, 'build.json'), JSON.stringify(record));
  if (latest) writeFileSync(join(dist, 'LATEST'), `${buildId}\n`);
  return { buildId: record.buildId, builtAt: record.builtAt, kernel: record.kernel };
}

describe('GET /api/mfe-config/', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'curator-mfe-'));
    t = await createTestApp({ env: { WEB_ROOT: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is public, no-cache, and re-reads <WEB_ROOT>/remotes.json on every request', async () => {
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(REMOTES));
    const res = await request(t.app.getHttpServer()).get('/api/mfe-config/').expect(200);
    expect(res.body).toEqual(withoutBuild(REMOTES));
    expect(res.headers['cache-control']).toBe('no-cache');
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(REMOTES.slice(1)));
    await request(t.app.getHttpServer())
      .get('/api/mfe-config')
      .expect(200, withoutBuild(REMOTES.slice(1)));
  });

  it('resolves `latest` to the newest build and serves a pinned build as named, each with its record', async () => {
    const older = writeBuild(dir, 'catalog', 'b1', false);
    const newer = writeBuild(dir, 'catalog', 'b2', true);
    const routes = ['/audios/'];
    const map = (entry: string) => [{ name: 'catalog', entry, routes }];
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(map('/mfe/catalog/latest/mf-manifest.json')));
    await t.agent
      .get('/api/mfe-config/')
      .expect(200, [{ name: 'catalog', entry: '/mfe/catalog/b2/mf-manifest.json', routes, build: newer }]);
    // Rolling back is an edit of the map: the older build serves at once.
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(map('/mfe/catalog/b1/mf-manifest.json')));
    await t.agent
      .get('/api/mfe-config/')
      .expect(200, [{ name: 'catalog', entry: '/mfe/catalog/b1/mf-manifest.json', routes, build: older }]);
    // A build that is not there is passed on as named (the shell shows it failing), with no record.
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(map('/mfe/catalog/gone/mf-manifest.json')));
    await t.agent
      .get('/api/mfe-config/')
      .expect(200, [{ name: 'catalog', entry: '/mfe/catalog/gone/mf-manifest.json', routes, build: null }]);
  });

  it('answers an empty map when the file is missing, and a bare 500 when it is malformed', async () => {
    rmSync(join(dir, 'remotes.json'), { force: true });
    await t.agent.get('/api/mfe-config/').expect(200, []);
    writeFileSync(join(dir, 'remotes.json'), '{ not json');
    const res = await t.agent.get('/api/mfe-config/');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Internal server error' });
  });

  it('reads the file named by MFE_REMOTES_FILE instead', async () => {
    const file = join(dir, 'other-remotes.json');
    writeFileSync(file, JSON.stringify([REMOTES[0]]));
    const other = await createTestApp({ env: { WEB_ROOT: dir, MFE_REMOTES_FILE: file } });
    try {
      await other.agent.get('/api/mfe-config/').expect(200, withoutBuild([REMOTES[0]]));
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is public and describes the routes and their zod schemas', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/me',
        '/api/users',
        '/api/users/{username}',
        '/api/health',
        '/api/mfe-config',
      ]),
    );
    const schemas = JSON.stringify(res.body.components?.schemas ?? {});
    expect(schemas).toContain('username');
    const login = res.body.paths['/api/auth/login'].post;
    expect(JSON.stringify(login.requestBody)).toMatch(/LoginDto|username/);
  });
});

describe('GET /api/health/', () => {
  it('is public: ok while the database answers, 503 once it does not', async () => {
    const t = await createTestApp();
    try {
      await request(t.app.getHttpServer()).get('/api/health/').expect(200, { status: 'ok', db: 'up', startup: 'done' });
      await t.app.get<Connection>(getConnectionToken()).close();
      const res = await request(t.app.getHttpServer()).get('/api/health/');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ db: 'down', detail: 'Database unavailable' });
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/screen-failures/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = { screen: 'reports', entry: '/mfe/reports/b7/mf-manifest.json', kind: 'load', error: 'HTTP 404' };

  it("writes a screen that failed in a user's browser to the API's log, with the screen, entry and error", async () => {
    await t.loginAs('screen-watcher');
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      await t.agent.post('/api/screen-failures/').set('X-CSRFToken', t.csrf()).send(report).expect(204);
      expect(warn).toHaveBeenCalledWith(
        'screen reports failed (load) for screen-watcher: HTTP 404 [entry /mfe/reports/b7/mf-manifest.json]',
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses an unknown kind or field with 422, and anyone without a session with 401', async () => {
    await t.loginAs('screen-watcher');
    const post = (body: object) => t.agent.post('/api/screen-failures/').set('X-CSRFToken', t.csrf()).send(body);
    await post({ ...report, kind: 'exploded' }).expect(422);
    await post({ ...report, extra: 1 }).expect(422);
    await t.agent.post('/api/auth/logout/').set('X-CSRFToken', t.csrf()).expect(204);
    await post(report).expect(401);
  });
});

describe('kept-alive connections', () => {
  // A proxy in front reuses its idle connections for up to a minute; Node's own default closed
  // them after 5 s, so a request sent on one just then failed at the proxy.
  it('keeps an idle connection open past 8 s (Node closes one after 5–6 s), and answers the next request on it', async () => {
    const t = await createTestApp();
    const server = t.app.getHttpServer() as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health/', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 8_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await t.close();
    }
  }, 20_000);
});
