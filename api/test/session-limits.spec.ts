import { CSRF_HEADER_NAME } from '@curator/shared/contract';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import request from 'supertest';

import { Session } from '../src/sessions/session.schema';
import { UsersService } from '../src/users/users.service';
import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second browser of the same user: its own cookies, its own session. */
async function secondBrowser(t: TestApp, username: string, password = TEST_PASSWORD) {
  const agent = request.agent(t.app.getHttpServer());
  const first = await agent.get('/api/health/');
  const csrf = /csrftoken=([^;]+)/.exec(String(first.headers['set-cookie']))![1];
  await agent.post('/api/auth/login/').set(CSRF_HEADER_NAME, csrf).send({ username, password }).expect(200);
  return agent;
}

describe('session limits', () => {
  it('ends a session after the idle limit (SESSION_IDLE_TIMEOUT)', async () => {
    const t = await createTestApp({ env: { SESSION_IDLE_TIMEOUT: '2' } });
    try {
      await t.loginAs('idle');
      await t.agent.get('/api/me/').expect(200);
      await sleep(2500);
      await t.agent.get('/api/me/').expect(401);
    } finally {
      await t.close();
    }
  });

  it('ends a busy session at the absolute limit (SESSION_MAX_AGE), however often it is used', async () => {
    const t = await createTestApp({ env: { SESSION_MAX_AGE: '3' } });
    try {
      await t.loginAs('busy');
      const loggedIn = Date.now();
      // Used every 300 ms for 2 s (each use would push an idle limit on), then past the 3 s.
      let uses = 0;
      for (; Date.now() - loggedIn < 2000; uses++) {
        await t.agent.get('/api/me/').expect(200);
        await sleep(300);
      }
      expect(uses).toBeGreaterThan(1);
      await sleep(Math.max(0, loggedIn + 3500 - Date.now()));
      await t.agent.get('/api/me/').expect(401);
    } finally {
      await t.close();
    }
  });

  describe('with the default limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('gives a new session 7 days idle, never past 30 days from its login', async () => {
      await t.loginAs('nora');
      const db = t.app.get<Connection>(getConnectionToken());
      const row = await db.collection('sessions').findOne({ username: 'nora' });
      expect(Math.abs(row!.expires_at.getTime() - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);
      // Used after a while, 29 days and 23 hours after its login: it slides only to the 30th day.
      const created = new Date(Date.now() - 30 * DAY_MS + 60 * 60 * 1000);
      // Through the sessions' model, as the API writes: every process follows its recorded changes.
      await t.app
        .get<Model<Session>>(getModelToken(Session.name))
        .updateOne(
          { username: 'nora' },
          { $set: { created_at: created, last_seen_at: new Date(Date.now() - 5 * 60 * 1000) } },
        );
      const res = await t.agent.get('/api/me/').expect(200);
      const slid = await db.collection('sessions').findOne({ username: 'nora' });
      expect(slid!.expires_at.getTime()).toBe(created.getTime() + 30 * DAY_MS);
      const cookie = String(res.headers['set-cookie']);
      expect(new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime()).toBeLessThanOrEqual(
        created.getTime() + 30 * DAY_MS,
      );
    });

    it("ends the user's other sessions when they change their own password, and keeps the one that changed it", async () => {
      await t.loginAs('olga', { admin: true });
      const other = await secondBrowser(t, 'olga');
      await other.get('/api/me/').expect(200);
      await t.agent
        .put('/api/users/olga/')
        .set(CSRF_HEADER_NAME, t.csrf())
        .send({ username: 'olga', password: 'a-new-long-passphrase-9' })
        .expect(200);
      await other.get('/api/me/').expect(401);
      await t.agent.get('/api/me/').expect(200, { username: 'olga', admin: true });
    });

    it('ends every session of a user whose password an admin changed', async () => {
      await t.app.get(UsersService).create({ username: 'pete', password: TEST_PASSWORD, admin: false });
      const staff = await secondBrowser(t, 'pete');
      await staff.get('/api/me/').expect(200);
      await t.agent
        .put('/api/users/pete/')
        .set(CSRF_HEADER_NAME, t.csrf())
        .send({ username: 'pete', password: 'another-long-passphrase-7' })
        .expect(200);
      await staff.get('/api/me/').expect(401);
    });
  });

  it('refuses limits that are not positive whole seconds', async () => {
    await expect(createTestApp({ env: { SESSION_IDLE_TIMEOUT: '0' } })).rejects.toThrow(/SESSION_IDLE_TIMEOUT/);
    await expect(createTestApp({ env: { SESSION_MAX_AGE: 'soon' } })).rejects.toThrow(/SESSION_MAX_AGE/);
  });
});
