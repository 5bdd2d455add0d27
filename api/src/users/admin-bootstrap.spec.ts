import { CSRF_HEADER_NAME } from '@curator/shared/contract';
import request from 'supertest';

import { createTestApp, TestApp } from '../../test/helpers/test-app';
import { createAdmin, ensureDemoAdmin } from './admin-bootstrap';

describe('admin bootstrap (create-admin, demo seed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.agent.post('/api/auth/login/').set(CSRF_HEADER_NAME, t.csrf()).send({ username, password });

  it('ensureDemoAdmin creates admin on an empty database once, then does nothing', async () => {
    const uri = t.config.MONGODB_URI;
    const creds = await ensureDemoAdmin({ mongodbUri: uri });
    expect(creds).toEqual({ username: 'admin', password: expect.any(String) });
    expect(creds!.password.length).toBeGreaterThanOrEqual(8);
    await login('admin', creds!.password).expect(200, { username: 'admin', admin: true });
    expect(await ensureDemoAdmin({ mongodbUri: uri })).toBeNull();
  });

  it('createAdmin creates a new admin, or promotes an existing user with a new password', async () => {
    const uri = t.config.MONGODB_URI;
    await expect(createAdmin({ mongodbUri: uri, username: 'olga', password: 'amber-kite-1' })).resolves.toEqual({
      created: true,
    });
    await t.loginAs('pete', { password: 'cedar-moth-1' });
    await expect(createAdmin({ mongodbUri: uri, username: 'pete', password: 'cedar-moth-2' })).resolves.toEqual({
      created: false,
    });
    await login('pete', 'cedar-moth-2').expect(200, { username: 'pete', admin: true });
    await expect(createAdmin({ mongodbUri: uri, username: 'x', password: 'short' })).rejects.toThrow(/password/);
    await request(t.app.getHttpServer()).get('/api/me/').expect(401);
  });
});
