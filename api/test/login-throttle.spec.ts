import {
  CSRF_HEADER_NAME,
  ERROR_MESSAGES,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@curator/shared/contract';

import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

describe('login throttling (stored in the database)', () => {
  let t: TestApp;
  /** Behind one trusted proxy: the address is the last X-Forwarded-For entry. */
  const attempt = (username: string, password: string, ip = '10.0.0.1', app = t) =>
    app.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, app.csrf())
      .set('X-Forwarded-For', ip)
      .send({ username, password });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (const name of ['frank', 'grace', 'heidi', 'ivan', 'judy', 'karl']) await t.loginAs(name);
  });
  afterAll(() => t.close());

  it('evaluates at most the free attempts of 150 parallel guesses from one address, the right one included', async () => {
    const guesses = Array.from({ length: 150 }, (_, i) => (i === 140 ? TEST_PASSWORD : `wrong-${i}`));
    const started = Date.now();
    const answers = await Promise.all(guesses.map((password) => attempt('frank', password, '10.5.0.1')));
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((r) => r.status);
    const evaluated = statuses.filter((s) => s !== 429);
    // Past the free failures one more guess is evaluated each time a doubling wait (1 s, 2 s, 4 s, …)
    // runs out, so a burst that a busy machine spreads over seconds gets a few more; the right guess,
    // once through, clears the pair's failures and the count starts again. None evaluated is safe too.
    const perRun = LOGIN_FREE_FAILURES + Math.floor(Math.log2(seconds + 1));
    expect(evaluated.length).toBeLessThanOrEqual(statuses[140] === 200 ? 2 * perRun + 1 : perRun);
    expect(statuses.filter((s) => s === 429).length).toBe(150 - evaluated.length);
    // The right guess was refused with the rest unless it happened to be among the first few.
    expect(statuses[140] === 200 || statuses[140] === 429).toBe(true);
  });

  it('delays a guesser on one address with doubling waits, while the owner signs in from their own', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) await attempt('grace', 'wrong-password', '10.6.0.1').expect(400);
    const refused = await attempt('grace', TEST_PASSWORD, '10.6.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: ERROR_MESSAGES.TOO_MANY_LOGINS });
    expect(refused.headers['retry-after']).toBe('1');
    for (let i = 0; i < 10; i++) await attempt('grace', 'wrong-password', '10.6.0.1').expect(429);
    // The owner, elsewhere, is not locked out.
    await attempt('grace', TEST_PASSWORD, '10.6.0.2').expect(200);
    // After the wait, one more guess is evaluated; the next wait is twice as long.
    await sleep(1100);
    await attempt('grace', 'wrong-password', '10.6.0.1').expect(400);
    const again = await attempt('grace', 'wrong-password', '10.6.0.1');
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBe('2');
  });

  it('does not lock out an office behind one address after a few bad logins of its people', async () => {
    for (let i = 0; i < 10; i++) await attempt(`someone${i}`, 'wrong-password', '10.7.0.1').expect(400);
    await attempt('heidi', TEST_PASSWORD, '10.7.0.1').expect(200);
  });

  it('refuses an address past its limit of failures, whatever the usernames', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++)
      await attempt(`nobody${i}`, 'wrong-password', '10.8.0.1').expect(400);
    await attempt('ivan', TEST_PASSWORD, '10.8.0.1').expect(429);
    await attempt('ivan', TEST_PASSWORD, '10.8.0.2').expect(200);
  });

  it('refuses a username past its limit of failures from many addresses, even with the right password', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      await attempt('judy', 'wrong-password', `10.9.${i >> 8}.${i & 255}`).expect(400);
    await attempt('judy', TEST_PASSWORD, '10.10.0.1').expect(429);
    await attempt('karl', TEST_PASSWORD, '10.10.0.1').expect(200);
  });

  it('keeps counting across API instances on the same database', async () => {
    const other = await createTestApp({ dbName: t.dbName, env: { TRUST_PROXY: '1' } });
    try {
      await attempt('judy', TEST_PASSWORD, '10.3.0.1', other).expect(429);
    } finally {
      await other.close();
    }
  });

  it('keys on the address the trusted proxy saw, not on what the client put before it', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      await attempt('karl', 'wrong-password', `192.0.2.${i}, 10.11.0.1`).expect(400);
    await attempt('karl', 'wrong-password', '192.0.2.200, 10.11.0.1').expect(429);
  });

  it('refuses TRUST_PROXY=true, which would let every client choose its own address', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});
