import { CSRF_HEADER_NAME, ERROR_MESSAGES, LOGIN_MAX_FAILURES } from '@curator/shared/contract';

import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

describe('login throttling (stored in the database)', () => {
  let t: TestApp;
  const attempt = (username: string, password: string, ip = '10.0.0.1') =>
    t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .set('X-Forwarded-For', ip)
      .send({ username, password });
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await t.loginAs('frank');
    await t.loginAs('grace');
  });
  afterAll(() => t.close());

  it('answers 429 after 10 failures for one username, even with the right password, from any address', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await attempt('frank', 'wrong-password', `10.1.0.${i}`).expect(400);
    }
    const res = await attempt('frank', TEST_PASSWORD, '10.2.0.1');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.TOO_MANY_LOGINS });
    // another user is not affected
    await attempt('grace', TEST_PASSWORD, '10.2.0.2').expect(200);
  });

  it('answers 429 after 10 failures from one address, whatever the usernames', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await attempt(`someone${i}`, 'wrong-password', '10.9.9.9').expect(400);
    }
    await attempt('grace', TEST_PASSWORD, '10.9.9.9').expect(429);
    await attempt('grace', TEST_PASSWORD, '10.9.9.10').expect(200);
  });

  it('keeps counting across API instances on the same database', async () => {
    const other = await createTestApp({ dbName: t.dbName, env: { TRUST_PROXY: 'true' } });
    try {
      const res = await other.agent
        .post('/api/auth/login/')
        .set(CSRF_HEADER_NAME, other.csrf())
        .set('X-Forwarded-For', '10.3.0.1')
        .send({ username: 'frank', password: TEST_PASSWORD });
      expect(res.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
