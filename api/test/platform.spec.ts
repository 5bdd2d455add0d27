import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';

import { createTestApp, TestApp } from './helpers/test-app';

const REMOTES = [
  { name: 'catalog', entry: '/mfe/catalog/mf-manifest.json', routes: ['/audios/', '/templates/'] },
  { name: 'admin', entry: '/mfe/admin/mf-manifest.json', routes: ['/users/', '/tags/'] },
];

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
    expect(res.body).toEqual(REMOTES);
    expect(res.headers['cache-control']).toBe('no-cache');
    writeFileSync(join(dir, 'remotes.json'), JSON.stringify(REMOTES.slice(1)));
    await request(t.app.getHttpServer()).get('/api/mfe-config').expect(200, REMOTES.slice(1));
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
      await other.agent.get('/api/mfe-config/').expect(200, [REMOTES[0]]);
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
      await request(t.app.getHttpServer()).get('/api/health/').expect(200, { status: 'ok', db: 'up' });
      await t.app.get<Connection>(getConnectionToken()).close();
      const res = await request(t.app.getHttpServer()).get('/api/health/');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ db: 'down', detail: 'Database unavailable' });
    } finally {
      await t.close();
    }
  });
});
