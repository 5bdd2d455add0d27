import { CSRF_HEADER_NAME, ERROR_MESSAGES } from '@curator/shared/contract';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';

import { createTestApp, TestApp } from './helpers/test-app';

describe('users', () => {
  let admin: TestApp;
  let staff: TestApp;
  beforeAll(async () => {
    admin = await createTestApp();
    await admin.loginAs('root', { admin: true });
    staff = await createTestApp({ dbName: admin.dbName });
    await staff.loginAs('mia');
  });
  afterAll(async () => {
    await staff.close();
    await admin.close();
  });
  const as = (t: TestApp) => ({
    post: (url: string, body: object) => t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
    put: (url: string, body: object) => t.agent.put(url).set(CSRF_HEADER_NAME, t.csrf()).send(body),
    del: (url: string) => t.agent.delete(url).set(CSRF_HEADER_NAME, t.csrf()),
  });

  it('lets any logged-in user read the list, sorted, without password hashes', async () => {
    const res = await staff.agent.get('/api/users/').expect(200);
    expect(res.body).toEqual([
      { username: 'mia', admin: false },
      { username: 'root', admin: true },
    ]);
    await request(staff.app.getHttpServer()).get('/api/users/').expect(401);
  });

  it('refuses writes from a non-admin with 403 Admin only', async () => {
    const res = await as(staff).post('/api/users/', { username: 'x1', password: 'password-1' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: ERROR_MESSAGES.ADMIN_ONLY });
    await as(staff).del('/api/users/root/').expect(403);
    await staff.agent.get('/api/users/root/').expect(403);
  });

  it('creates a user that can log in, hashed with argon2id', async () => {
    await as(admin)
      .post('/api/users/', { username: 'Noah', password: 'password-1', admin: false })
      .expect(201, { username: 'Noah', admin: false });
    await admin.agent.get('/api/users/noah/').expect(200, { username: 'Noah', admin: false });
    const db = admin.app.get<Connection>(getConnectionToken());
    const row = await db.collection('users').findOne({ username_key: 'noah' });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('validates username rules, password length and duplicates as 422 entries', async () => {
    const res = await as(admin).post('/api/users/', { username: 'bad name!', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((e: { loc: string[] }) => e.loc.join('.'))).toEqual(['body.username', 'body.password']);
    const missing = await as(admin).post('/api/users/', {});
    expect(missing.body.detail).toEqual([
      { loc: ['body', 'username'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'password'], msg: 'Field required', type: 'missing' },
    ]);
    const dup = await as(admin).post('/api/users/', { username: 'NOAH', password: 'password-2' });
    expect(dup.status).toBe(422);
    expect(dup.body.detail).toEqual([
      { loc: ['body', 'username'], msg: 'A user with that username already exists', type: 'unique' },
    ]);
  });

  it('updates admin flag and password; an empty password keeps the old one', async () => {
    await as(admin)
      .put('/api/users/noah/', { username: 'noah', password: '', admin: true })
      .expect(200, { username: 'noah', admin: true });
    const noah = await createTestApp({ dbName: admin.dbName });
    try {
      await noah.loginAs('noah', { password: 'password-1' });
      await as(admin).put('/api/users/noah/', { username: 'noah', password: 'password-new', admin: true }).expect(200);
      await noah.agent.get('/api/me/').expect(401); // sessions end when an admin resets the password
      await noah.loginAs('noah', { password: 'password-new' });
    } finally {
      await noah.close();
    }
  });

  it('refuses to delete oneself or to demote the last admin (409)', async () => {
    const self = await as(admin).del('/api/users/root/');
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ detail: 'You cannot delete yourself' });
    await as(admin).put('/api/users/noah/', { username: 'noah', admin: false }).expect(200);
    const demote = await as(admin).put('/api/users/root/', { username: 'root', admin: false });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ detail: 'Cannot remove the last admin' });
  });

  it('leaves an admin when two admins take the flag from each other at once (one or both refused)', async () => {
    const ada = await createTestApp({ dbName: admin.dbName });
    try {
      await ada.loginAs('ada', { admin: true });
      const admins = async (reader: TestApp = admin) =>
        ((await reader.agent.get('/api/users/').expect(200)).body as Array<{ admin: boolean }>).filter((u) => u.admin)
          .length;
      for (let round = 0; round < 12; round += 1) {
        const answers = await Promise.all([
          as(admin).put('/api/users/ada/', { username: 'ada', admin: false }),
          as(ada).put('/api/users/root/', { username: 'root', admin: false }),
        ]);
        expect(answers.map((a) => a.status)).not.toEqual([200, 200]);
        for (const refused of answers.filter((a) => a.status !== 200))
          expect(refused.body).toEqual({ detail: 'Cannot remove the last admin' });
        expect(await admins()).toBeGreaterThan(0);
        // Both admins again for the next round, by whichever still is one.
        const [adaDemoted, rootDemoted] = answers.map((a) => a.status === 200);
        if (adaDemoted) await as(admin).put('/api/users/ada/', { username: 'ada', admin: true }).expect(200);
        if (rootDemoted) await as(ada).put('/api/users/root/', { username: 'root', admin: true }).expect(200);
      }
      const deletes = await Promise.all([as(admin).del('/api/users/ada/'), as(ada).del('/api/users/root/')]);
      expect(deletes.map((d) => d.status)).not.toEqual([204, 204]);
      // Read by whoever is left: a deleted user's session ends with them.
      const rootDeleted = deletes[1].status === 204;
      expect(await admins(rootDeleted ? ada : admin)).toBeGreaterThan(0);
      if (rootDeleted) await admin.loginAs('root', { admin: true });
    } finally {
      await ada.close();
    }
  });

  it('answers two renames to one name at once with one 200 and one 422 naming the field', async () => {
    await as(admin).post('/api/users/', { username: 'kai', password: 'kai-password-1', admin: false }).expect(201);
    await as(admin).post('/api/users/', { username: 'lou', password: 'lou-password-1', admin: false }).expect(201);
    const answers = await Promise.all([
      as(admin).put('/api/users/kai/', { username: 'zed' }),
      as(admin).put('/api/users/lou/', { username: 'ZED' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'username'], msg: 'A user with that username already exists' }),
    ]);
  });

  it('deletes a user and ends their sessions', async () => {
    await staff.agent.get('/api/me/').expect(200);
    await as(admin).del('/api/users/mia/').expect(204);
    await staff.agent.get('/api/me/').expect(401);
    await admin.agent.get('/api/users/mia/').expect(404, { detail: 'User not found' });
  });
});
