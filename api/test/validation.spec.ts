import { CSRF_HEADER_NAME } from '@curator/shared/contract';

import { createTestApp, TestApp } from './helpers/test-app';

describe('request validation: 422 {"detail": [{loc, msg, type}]}', () => {
  let t: TestApp;
  const login = (body: unknown) =>
    t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send(body as object);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every missing field with its location', async () => {
    const res = await login({});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [
        { loc: ['body', 'username'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'password'], msg: 'Field required', type: 'missing' },
      ],
    });
  });

  it('says "Field required" for a missing field whatever its schema: a type, one of some values', async () => {
    await t.loginAs('validation-user');
    const res = await t.agent
      .post('/api/beats/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ name: 'b', music_canonical_id: 'any', done: false });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([{ loc: ['body', 'audio_type'], msg: 'Field required', type: 'missing' }]),
    );
  });

  it('reports a blank field', async () => {
    const res = await login({ username: '', password: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'username'], msg: 'This field may not be blank', type: 'too_small' },
    ]);
  });

  it('rejects an unknown field', async () => {
    const res = await login({ username: 'a', password: 'b', remember: true });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'remember'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it('rejects a MongoDB operator as a value', async () => {
    const res = await login({ username: 'a', password: { $ne: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'password', '$ne']);
    expect(res.body.detail[0].type).toBe('forbidden_key');
  });

  it('rejects $-prefixed and dotted keys anywhere in a body, before routing', async () => {
    const nested = await t.agent
      .post('/api/some/route/that/does/not/exist/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .send({ a: [{ ok: 1 }, { 'b.c': 1 }] });
    expect(nested.status).toBe(422);
    expect(nested.body.detail).toEqual([
      {
        loc: ['body', 'a', 1, 'b.c'],
        msg: "Keys starting with '$' or containing '.' are not allowed",
        type: 'forbidden_key',
      },
    ]);
  });

  it('answers malformed JSON with 422 and a too large body with 413', async () => {
    const bad = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .set('Content-Type', 'application/json')
      .send('{"username": ');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    for (const body of ['5', 'null', '"abc"']) {
      const notObject = await t.agent
        .post('/api/auth/login/')
        .set(CSRF_HEADER_NAME, t.csrf())
        .set('Content-Type', 'application/json')
        .send(body);
      expect({ body, status: notObject.status, detail: notObject.body.detail }).toEqual({
        body,
        status: 422,
        detail: [{ loc: ['body'], msg: 'Request body must be a JSON object', type: 'object_type' }],
      });
    }
    const big = await login({ username: 'a', password: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: 'Request body too large' });
  });

  it('answers a body that is not JSON with 415, and a write without a body goes through', async () => {
    const form = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .type('form')
      .send('username=a&password=b');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ detail: 'Request body must be JSON' });
    const charset = await t.agent
      .post('/api/auth/login/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ username: 'nobody', password: 'wrong' }));
    expect(charset.status).toBe(400);
    const none = await t.agent.post('/api/auth/logout/').set(CSRF_HEADER_NAME, t.csrf());
    expect(none.status).toBe(204);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    await t.loginAs('vera');
    const res = await t.agent.get('/api/nope/');
    expect(res.status).toBe(404);
    expect(typeof res.body.detail).toBe('string');
  });
});
