import { CSRF_HEADER_NAME, ERROR_MESSAGES } from '@curator/shared/contract';
import request from 'supertest';

import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

/**
 * The anti-forgery token is bound to the session: one planted by whoever can set a cookie for the
 * site (a sibling subdomain) does not pass with a victim's session; and writes from another site's
 * page (its Origin) are refused whatever they carry.
 */
describe('anti-forgery bound to the session, and the Origin of writes', () => {
  let t: TestApp;
  let session: string;
  const write = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    request(t.app.getHttpServer())
      .post('/api/tags/')
      .set(
        'Cookie',
        Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      )
      .set(headers)
      .send({ text: `tag-${Math.random().toString(36).slice(2, 8)}` });

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://curation.example' } });
    await t.loginAs('victim', { admin: true });
    session = t.cookie('sessionid')!;
  });
  afterAll(() => t.close());

  it("accepts the session's own token", async () => {
    await write({ sessionid: session, csrftoken: t.csrf() }, { [CSRF_HEADER_NAME]: t.csrf() }).expect(201);
  });

  it("refuses a token the attacker invented (`x` in cookie and header) with the victim's session", async () => {
    const res = await write({ sessionid: session, csrftoken: 'x' }, { [CSRF_HEADER_NAME]: 'x' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.CSRF_FAILED });
  });

  it("refuses a token made for the attacker's own session", async () => {
    const attacker = await createTestApp({ dbName: t.dbName });
    try {
      await attacker.loginAs('mallory', { password: TEST_PASSWORD });
      const token = attacker.csrf();
      await write({ sessionid: session, csrftoken: token }, { [CSRF_HEADER_NAME]: token }).expect(403);
    } finally {
      await attacker.close();
    }
  });

  it('refuses a write whose Origin is another site, even with the right token', async () => {
    const token = t.csrf();
    const cookies = { sessionid: session, csrftoken: token };
    await write(cookies, { [CSRF_HEADER_NAME]: token, Origin: 'https://evil.example' }).expect(403);
    await write(cookies, { [CSRF_HEADER_NAME]: token, Origin: 'null' }).expect(403);
    await write(cookies, { [CSRF_HEADER_NAME]: token, 'Sec-Fetch-Site': 'cross-site' }).expect(403);
    // Its own origin (the Host it was sent to), and an allowed one, pass.
    await write(cookies, {
      [CSRF_HEADER_NAME]: token,
      Host: 'curation.internal',
      Origin: 'http://curation.internal',
    }).expect(201);
    await write(cookies, { [CSRF_HEADER_NAME]: token, Origin: 'https://curation.example' }).expect(201);
    await write(cookies, { [CSRF_HEADER_NAME]: token, 'Sec-Fetch-Site': 'same-origin' }).expect(201);
  });

  it('replaces, on a read, a token that is not bound to the current session', async () => {
    const res = await request(t.app.getHttpServer())
      .get('/api/me/')
      .set('Cookie', `sessionid=${session}; csrftoken=planted`)
      .expect(200);
    const fresh = /csrftoken=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe('planted');
    await write({ sessionid: session, csrftoken: fresh! }, { [CSRF_HEADER_NAME]: fresh! }).expect(201);
  });

  it('still lets a visitor without a session log in (double submit and Origin)', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const first = await agent.get('/api/health/');
    const token = /csrftoken=([^;]+)/.exec(String(first.headers['set-cookie']))![1];
    await agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, token)
      .set('Origin', 'https://evil.example')
      .send({ username: 'victim', password: TEST_PASSWORD })
      .expect(403);
    await agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, token)
      .send({ username: 'victim', password: TEST_PASSWORD })
      .expect(200);
  });
});
