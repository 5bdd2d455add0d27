import { CSRF_HEADER_NAME, ERROR_MESSAGES } from '@curator/shared/contract';
import { EventEmitter2 } from '@nestjs/event-emitter';

import { USER_RENAMED, type UserRenamed } from '../src/users/user-events';
import { UsersService } from '../src/users/users.service';
import { createTestApp, TestApp } from './helpers/test-app';

// Issue 7 rules that users.spec.ts does not already prove: every write without a session, the
// non-admin PUT, edit-form validation, renames, and the admin flag read on every request.
describe('users administration: admin, non-admin and no session', () => {
  let admin: TestApp;
  let staff: TestApp;
  let anonymous: TestApp;
  beforeAll(async () => {
    admin = await createTestApp();
    await admin.loginAs('boss', { admin: true });
    staff = await createTestApp({ dbName: admin.dbName });
    await staff.loginAs('sam');
    anonymous = await createTestApp({ dbName: admin.dbName });
  });
  afterAll(async () => {
    await anonymous.close();
    await staff.close();
    await admin.close();
  });
  const as = (t: TestApp) => ({
    get: (url: string) => t.agent.get(url),
    post: (url: string, body: object) => t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
    put: (url: string, body: object) => t.agent.put(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
    del: (url: string) => t.agent.delete(url).set(CSRF_HEADER_NAME, t.csrf()),
  });
  const usernames = async () =>
    ((await as(admin).get('/api/users/').expect(200)).body as { username: string }[]).map((u) => u.username);

  it('answers 401 to every users call without a session and changes nothing', async () => {
    const calls = [
      as(anonymous).post('/api/users/', { username: 'ghost', password: 'password-1' }),
      as(anonymous).get('/api/users/boss/'),
      as(anonymous).put('/api/users/sam/', { username: 'sam', admin: true }),
      as(anonymous).del('/api/users/sam/'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: ERROR_MESSAGES.NOT_AUTHENTICATED });
    }
    expect(await usernames()).toEqual(['boss', 'sam']);
    await as(admin).get('/api/users/sam/').expect(200, { username: 'sam', admin: false });
  });

  it('refuses a non-admin PUT (even on themself) with 403 Admin only', async () => {
    for (const target of ['sam', 'boss']) {
      const res = await as(staff).put(`/api/users/${target}/`, {
        username: target,
        password: 'taken-over-1',
        admin: true,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: ERROR_MESSAGES.ADMIN_ONLY });
    }
    await as(admin).get('/api/users/sam/').expect(200, { username: 'sam', admin: false });
    await as(staff).get('/api/me/').expect(200, { username: 'sam', admin: false });
  });

  it('validates the edit form as 422 entries: username required and ruled, password ≥ 8 unless blank', async () => {
    const missing = await as(admin).put('/api/users/sam/', { password: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ loc: ['body', 'username'], msg: 'Field required', type: 'missing' }]);
    const blank = await as(admin).put('/api/users/sam/', { username: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'username'], msg: 'This field may not be blank' }),
    );
    const bad = await as(admin).put('/api/users/sam/', { username: 'bad name!', password: 'short' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((e: { loc: string[] }) => e.loc.join('.'))).toEqual(['body.username', 'body.password']);
    const dots = await as(admin).post('/api/users/', { username: '..', password: 'password-1' });
    expect(dots.status).toBe(422);
    expect(dots.body.detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'username'], msg: "A name cannot be '.' or '..'" }),
    );
    const taken = await as(admin).put('/api/users/sam/', { username: 'BOSS' });
    expect(taken.body.detail).toEqual([
      { loc: ['body', 'username'], msg: 'A user with that username already exists', type: 'unique' },
    ]);
    await as(admin).put('/api/users/nobody/', { username: 'nobody' }).expect(404, { detail: 'User not found' });
  });

  it('renames a user: their session follows, the old name is gone, and attribution listeners hear it', async () => {
    const renames: [string, string][] = [];
    const listener = ({ from, to }: UserRenamed) => void renames.push([from, to]);
    const events = admin.app.get(EventEmitter2);
    events.on(USER_RENAMED, listener);
    try {
      await as(admin)
        .put('/api/users/sam/', { username: 'Samuel', password: '' })
        .expect(200, { username: 'Samuel', admin: false });
      await as(staff).get('/api/me/').expect(200, { username: 'Samuel', admin: false });
      await as(admin).get('/api/users/sam/').expect(404);
      await as(admin).put('/api/users/samuel/', { username: 'Samuel', admin: false }).expect(200);
      expect(renames).toEqual([['sam', 'Samuel']]);
    } finally {
      events.off(USER_RENAMED, listener);
    }
    expect(await usernames()).toEqual(['boss', 'Samuel']);
  });

  it('reads the admin flag on every request: a promoted user may write at once, a demoted one no longer', async () => {
    await as(staff).post('/api/users/', { username: 'temp', password: 'password-1' }).expect(403);
    await as(admin).put('/api/users/samuel/', { username: 'Samuel', admin: true }).expect(200);
    await as(staff).post('/api/users/', { username: 'temp', password: 'password-1' }).expect(201);
    await as(admin).put('/api/users/samuel/', { username: 'Samuel', admin: false }).expect(200);
    await as(staff).del('/api/users/temp/').expect(403, { detail: ERROR_MESSAGES.ADMIN_ONLY });
    await as(admin).del('/api/users/temp/').expect(204);
  });

  it('applies a rename, a password reset and a deletion on another instance at the next request', async () => {
    const other = await createTestApp({ dbName: admin.dbName, env: { DB_COMMAND_COUNT: '1' } });
    try {
      await other.loginAs('rita');
      // The first request loads the sessions this process keeps in memory; from then on a request
      // checks its session after one read of the change feed, and reads nothing else.
      await other.agent.get('/api/me/').expect(200);
      const me = await other.agent.get('/api/me/').expect(200);
      expect(me.body).toEqual({ username: 'rita', admin: false });
      expect(me.headers['x-db-command-list']).toBe('find:change_slots');
      await as(admin).put('/api/users/rita/', { username: 'Rita' }).expect(200);
      await other.agent.get('/api/me/').expect(200, { username: 'Rita', admin: false });
      await as(admin).put('/api/users/rita/', { username: 'Rita', password: 'new-password-1' }).expect(200);
      await other.agent.get('/api/me/').expect(401);
      await other.loginAs('Rita', { password: 'new-password-1' });
      await other.agent.get('/api/me/').expect(200);
      await as(admin).del('/api/users/rita/').expect(204);
      await other.agent.get('/api/me/').expect(401);
    } finally {
      await other.close();
    }
  });

  it('never deletes the last admin, even when the actor is not that admin', async () => {
    await expect(admin.app.get(UsersService).remove('Samuel', 'boss')).rejects.toMatchObject({
      status: 409,
      message: 'Cannot remove the last admin',
    });
    await as(admin).get('/api/users/boss/').expect(200, { username: 'boss', admin: true });
  });
});
