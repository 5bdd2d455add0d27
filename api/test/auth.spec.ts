import { CSRF_HEADER_NAME, ERROR_MESSAGES } from '@curator/shared/contract';
import request from 'supertest';

import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

const setCookies = (res: { headers: Record<string, unknown> }) =>
  (res.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieLine = (res: { headers: Record<string, unknown> }, name: string) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));

describe('auth: login, session, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/me/ without a session is 401 and still seeds a readable csrftoken cookie', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/me/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.NOT_AUTHENTICATED });
    const csrf = cookieLine(res, 'csrftoken');
    expect(csrf).toBeDefined();
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/SameSite=Lax/i);
  });

  it('logs in, answers /api/me/ (with and without the trailing slash), and logs out for good', async () => {
    await t.loginAs('alice', { admin: true });
    const oldCookie = t.cookie('sessionid');
    expect(oldCookie).toBeDefined();
    await t.agent.get('/api/me/').expect(200, { username: 'alice', admin: true });
    await t.agent.get('/api/me').expect(200, { username: 'alice', admin: true });

    const out = await t.agent.post('/api/auth/logout/').set(CSRF_HEADER_NAME, t.csrf());
    expect(out.status).toBe(204);
    await t.agent.get('/api/me/').expect(401);
    // the old cookie, replayed by hand, no longer works either
    await request(t.app.getHttpServer()).get('/api/me/').set('Cookie', `sessionid=${oldCookie}`).expect(401);
  });

  it('sets an httpOnly, SameSite=Lax session cookie and a new session id and csrf token on every login', async () => {
    await t.loginAs('bob');
    const firstSession = t.cookie('sessionid');
    const firstCsrf = t.csrf();
    const res = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, firstCsrf)
      .send({ username: 'bob', password: TEST_PASSWORD })
      .expect(200, { username: 'bob', admin: false });
    expect(cookieLine(res, 'sessionid')).toMatch(/HttpOnly/i);
    expect(cookieLine(res, 'sessionid')).toMatch(/SameSite=Lax/i);
    expect(cookieLine(res, 'sessionid')).not.toMatch(/Secure/i);
    expect(setCookies(res).filter((c) => c.startsWith('csrftoken=')).length).toBe(1);
    expect(t.cookie('sessionid')).not.toBe(firstSession);
    expect(t.csrf()).not.toBe(firstCsrf);
    // the session that was replaced on login is gone
    await request(t.app.getHttpServer()).get('/api/me/').set('Cookie', `sessionid=${firstSession}`).expect(401);
  });

  it('logs in case-insensitively by username', async () => {
    await t.loginAs('carol');
    await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ username: 'CAROL', password: TEST_PASSWORD })
      .expect(200, { username: 'carol', admin: false });
  });

  it('refuses a wrong password with a list detail the login page can show', async () => {
    await t.loginAs('dave');
    const res = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ username: 'dave', password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: [{ loc: ['body', 'password'], msg: 'Invalid username or password', type: 'invalid_credentials' }],
    });
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const res = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ username: 'nobody', password: 'whatever-1' });
    expect(res.status).toBe(400);
    expect(res.body.detail[0].msg).toBe(ERROR_MESSAGES.INVALID_CREDENTIALS);
  });
});

describe('anti-forgery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('erin');
  });
  afterAll(() => t.close());

  it('refuses a write without X-CSRFToken with 403', async () => {
    const res = await t.agent.post('/api/auth/logout/');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF token missing or incorrect' });
    await t.agent.get('/api/me/').expect(200);
  });

  it('refuses a wrong X-CSRFToken with 403, login included', async () => {
    const res = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, 'not-the-token')
      .send({ username: 'erin', password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.CSRF_FAILED });
  });

  it('refuses a header without the cookie', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ username: 'erin', password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.CSRF_FAILED });
  });

  it('accepts the echoed cookie', async () => {
    await t.agent.post('/api/auth/logout/').set(CSRF_HEADER_NAME, t.csrf()).expect(204);
  });
});
