import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import request from 'supertest';

import { Session } from '../src/sessions/session.schema';
import { SessionsService } from '../src/sessions/sessions.service';
import { createTestApp, TestApp } from './helpers/test-app';

describe('sessions in the database', () => {
  it('survive an API restart: a new app on the same database accepts the same cookie', async () => {
    const first = await createTestApp();
    await first.loginAs('henry');
    const cookie = `sessionid=${first.cookie('sessionid')}`;
    await first.close();

    const second = await createTestApp({ dbName: first.dbName });
    try {
      await request(second.app.getHttpServer())
        .get('/api/me/')
        .set('Cookie', cookie)
        .expect(200, { username: 'henry', admin: false });
      await request(second.app.getHttpServer()).get('/api/me/').set('Cookie', 'sessionid=forged').expect(401);
    } finally {
      await second.close();
    }
  });

  it('are ended on every process: a logout on one is refused by another at its next request', async () => {
    const one = await createTestApp();
    const other = await createTestApp({ dbName: one.dbName });
    try {
      await one.loginAs('mia');
      const cookie = `sessionid=${one.cookie('sessionid')}`;
      const me = () => request(other.app.getHttpServer()).get('/api/me/').set('Cookie', cookie);
      await me().expect(200, { username: 'mia', admin: false });
      await one.agent.post('/api/auth/logout/').set('X-CSRFToken', one.csrf()).expect(204);
      await one.agent.get('/api/me/').expect(401);
      await me().expect(401);
    } finally {
      await other.close();
      await one.close();
    }
  });

  describe('expiry and revocation', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('stores only a hash of the token, with user and timestamps', async () => {
      await t.loginAs('ivy');
      const token = t.cookie('sessionid')!;
      const db = t.app.get<Connection>(getConnectionToken());
      const rows = await db.collection('sessions').find({ username: 'ivy' }).toArray();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]).toMatchObject({ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(rows[0].expires_at.getTime()).toBeGreaterThan(Date.now());
    });

    // The sessions' own model writes the changes below, as the API's writers do: where sessions are
    // kept in memory, every process follows the writes recorded in the change feed.
    const sessionModel = () => t.app.get<Model<Session>>(getModelToken(Session.name));

    it('refuses a session whose expires_at has passed, and the clean-up deletes it', async () => {
      await t.loginAs('jack');
      const db = t.app.get<Connection>(getConnectionToken());
      await t.agent.get('/api/me/').expect(200);
      await sessionModel().updateMany({ username: 'jack' }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      await t.agent.get('/api/me/').expect(401);
      expect(await t.app.get(SessionsService).purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(await db.collection('sessions').countDocuments({ username: 'jack' })).toBe(0);
    });

    it('slides the expiry forward when a session is used after a while', async () => {
      await t.loginAs('kate');
      const db = t.app.get<Connection>(getConnectionToken());
      const old = new Date(Date.now() - 5 * 60 * 1000);
      const soon = new Date(Date.now() + 60 * 1000);
      await sessionModel().updateMany({ username: 'kate' }, { $set: { last_seen_at: old, expires_at: soon } });
      const res = await t.agent.get('/api/me/').expect(200);
      const row = await db.collection('sessions').findOne({ username: 'kate' });
      expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
      expect(String(res.headers['set-cookie'])).toContain('sessionid=');
    });

    it('revokeAllFor ends every session of a user', async () => {
      await t.loginAs('liam');
      await t.agent.get('/api/me/').expect(200);
      expect(await t.app.get(SessionsService).revokeAllFor('LIAM')).toBe(1);
      await t.agent.get('/api/me/').expect(401);
    });
  });
});
