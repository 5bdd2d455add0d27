import { CSRF_HEADER_NAME } from '@curator/shared/contract';
import request from 'supertest';

import { SESSION_COOKIE_NAME } from '../src/common/session-cookie';
import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

const cookieLine = (res: request.Response, name: string): string =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`)) ?? '';

/**
 * Logs a fresh client in with extra headers on every request; answers both responses. Cookies go
 * by hand: the test talks plain HTTP to the app, and a cookie jar would hold back Secure ones.
 */
async function loginWith(t: TestApp, headers: Record<string, string>) {
  const server = t.app.getHttpServer();
  const first = await request(server).get('/api/health/').set(headers);
  const token = /csrftoken=([^;]+)/.exec(cookieLine(first, 'csrftoken'))![1];
  const login = await request(server)
    .post('/api/auth/login/')
    .set(headers)
    .set('Cookie', `csrftoken=${token}`)
    .set(CSRF_HEADER_NAME, token)
    .send({ username: 'hdr', password: TEST_PASSWORD })
    .expect(200);
  return { first, login };
}

describe('security headers and cookie flags', () => {
  let t: TestApp;
  let behindProxy: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('hdr');
    behindProxy = await createTestApp({ dbName: t.dbName, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await behindProxy.close();
    await t.close();
  });

  it.each(['/api/health/', '/api/me/', '/api/audio/', '/api/no-such-route/', '/media/missing.mp3'])(
    'sends the security headers on %s',
    async (url) => {
      const res = await request(t.app.getHttpServer()).get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      if (url.startsWith('/api/')) expect(res.headers['cache-control']).toMatch(/no-store/);
    },
  );

  it('sets the session cookie httpOnly and SameSite=Lax, and the csrftoken readable, without Secure over plain HTTP', async () => {
    const { first, login } = await loginWith(t, {});
    const session = cookieLine(login, SESSION_COOKIE_NAME);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Secure/i);
    const csrf = cookieLine(first, 'csrftoken');
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/; SameSite=Lax/i);
  });

  it('marks both cookies Secure behind a trusted TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https), and not when the proxy is not trusted', async () => {
    const viaTls = await loginWith(behindProxy, { 'X-Forwarded-Proto': 'https' });
    expect(cookieLine(viaTls.login, SESSION_COOKIE_NAME)).toMatch(/; Secure/i);
    expect(cookieLine(viaTls.first, 'csrftoken')).toMatch(/; Secure/i);
    const spoofed = await loginWith(t, { 'X-Forwarded-Proto': 'https' });
    expect(cookieLine(spoofed.login, SESSION_COOKIE_NAME)).not.toMatch(/; Secure/i);
  });

  it('leaks no stack, path or database text in error answers', async () => {
    const agent = t.agent;
    const answers = await Promise.all([
      agent.get('/api/audio/').query({ skip: 'NaN' }),
      agent.get('/api/audio/').query({ created_from: 'not a date' }),
      agent.get('/api/beats/').query({ music_canonical_id: '../../x' }),
      agent.get('/api/approvals/beat/zzzzzzzzzzzzzzzzzzzzzzzz/'),
      agent.put('/api/beats/0123456789abcdef01234567/').set(CSRF_HEADER_NAME, t.csrf()).send({ version: -1 }),
      agent.post('/api/beats/').set(CSRF_HEADER_NAME, t.csrf()).set('Content-Type', 'application/json').send('{"a":'),
      agent.post('/api/tags/').set(CSRF_HEADER_NAME, t.csrf()).send({ text: 'x' }),
      agent.get('/api/users/nobody/'),
    ]);
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/\bat \w+ \(|node_modules|\/work\/|Mongo|E11000|Cast to|stack/i);
      expect(res.body).toHaveProperty('detail');
    }
  });
});
