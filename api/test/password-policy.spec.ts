import { CSRF_HEADER_NAME, PASSWORD_MIN_LENGTH } from '@curator/shared/contract';

import { PASSWORD_MESSAGES } from '../src/users/password-policy';
import { createTestApp, TestApp } from './helpers/test-app';

describe('password policy: common passwords and the own name are refused, with the reason', () => {
  let t: TestApp;
  const create = (username: string, password: string) =>
    t.agent.post('/api/users/').set(CSRF_HEADER_NAME, t.csrf()).send({ username, password, admin: false });
  const update = (username: string, password: string) =>
    t.agent.put(`/api/users/${username}/`).set(CSRF_HEADER_NAME, t.csrf()).send({ username, password });
  const fieldError = (msg: string, type: string) => ({ detail: [{ loc: ['body', 'password'], msg, type }] });

  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('boss', { admin: true });
  });
  afterAll(() => t.close());

  it.each(['password', 'Password', '12345678', 'qwertyuiop', 'iloveyou', 'baseball1'])(
    'refuses the common password %j on creation',
    async (password) => {
      const res = await create('newbie', password);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(fieldError(PASSWORD_MESSAGES.COMMON, 'password_too_common'));
    },
  );

  it('refuses a password that contains the username', async () => {
    const res = await create('Rosalind', 'rosalind-2024!');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(fieldError(PASSWORD_MESSAGES.CONTAINS_USERNAME, 'password_contains_username'));
  });

  it('refuses a password of only spaces', async () => {
    const res = await create('spacey', ' '.repeat(12));
    expect(res.status).toBe(422);
    expect(res.body).toEqual(fieldError(PASSWORD_MESSAGES.BLANK, 'password_blank'));
  });

  it('keeps the minimum length', async () => {
    const res = await create('newbie', 'x7#q');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['body', 'password'],
      msg: expect.stringContaining(`${PASSWORD_MIN_LENGTH}`),
    });
  });

  it('refuses a common password on a change too, and accepts an uncommon one', async () => {
    await create('sam', 'granite-otter-velvet-31').expect(201);
    const res = await update('sam', 'password1');
    expect(res.status).toBe(422);
    expect(res.body).toEqual(fieldError(PASSWORD_MESSAGES.COMMON, 'password_too_common'));
    await update('sam', 'quartz-heron-mellow-58').expect(200);
  });
});
