import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@curator/shared/contract';
import request from 'supertest';

import { fillPath, readRouteTable, Route } from './helpers/route-table';
import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

type Who = 'anonymous' | 'user' | 'admin';
type Case = { route: Route; who: Who; withCsrf: boolean };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_FAILED = { detail: 'CSRF token missing or incorrect' };

/**
 * The guard layer for every route the controllers declare (read from the app, not listed here):
 * unsafe methods without the CSRF header are 403 first; then public routes never 401, the others
 * 401 without a session, admin routes 403 for a user, and whatever passes the guards is a 2xx or a
 * handler's 4xx (404/409/422/423), never a 5xx.
 */
describe('access matrix over the application’s own route table', () => {
  let app: TestApp;
  const agents = {} as Record<Who, ReturnType<typeof request.agent>>;
  const tokens = {} as Record<Who, string>;
  const audios = buildWorkspaceAudios(2, 41);
  const params: Record<string, string> = {
    id: audios[0].music_canonical_id,
    src: 'beat',
    name: 'beat-01.svg',
    username: 'nobody-here',
    text: 'no-such-tag',
  };
  let routes: Route[] = [];

  async function login(who: Who) {
    const agent = request.agent(app.app.getHttpServer());
    await agent.get('/api/health/').expect(200);
    const token = () =>
      agent.jar.getCookie(CSRF_COOKIE_NAME, { domain: '127.0.0.1', path: '/', secure: false, script: false } as never)
        ?.value ?? '';
    if (who !== 'anonymous') {
      await agent
        .post('/api/auth/login/')
        .set(CSRF_HEADER_NAME, token())
        .send({ username: `acc-${who}`, password: TEST_PASSWORD })
        .expect(200);
    }
    agents[who] = agent;
    tokens[who] = token(); // login rotates the token
  }

  beforeAll(async () => {
    app = await createTestApp();
    await app.loginAs('acc-admin', { admin: true });
    await app.loginAs('acc-user');
    await seedCatalog(app, audios, [buildTemplate(audios[0].music_canonical_id, 1)]);
    routes = readRouteTable(app.app);
    for (const who of ['anonymous', 'user', 'admin'] as const) await login(who);
  });
  afterAll(() => app.close());

  function send({ route, who, withCsrf }: Case) {
    const url =
      fillPath(route.path, route.method === 'GET' ? params : { ...params, id: 'unknown-id' }) +
      (route.path.endsWith('/') ? '' : '/');
    const agent = agents[who];
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = agent[method](url);
    if (withCsrf && UNSAFE.has(route.method)) req = req.set(CSRF_HEADER_NAME, tokens[who]);
    return UNSAFE.has(route.method) ? req.send({}) : req;
  }

  it('reads a route table that covers every controller, with public and admin routes marked', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/health/']),
    );
    expect(routes.some((r) => r.access === 'admin' && r.path.startsWith('/api/users'))).toBe(true);
    expect(routes.some((r) => r.access === 'admin' && r.path.startsWith('/api/tags'))).toBe(true);
  });

  it('gives every route × {anonymous, user, admin} × {with, without CSRF} the expected guard answer', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      for (const who of ['anonymous', 'user', 'admin'] as const) {
        for (const withCsrf of UNSAFE.has(route.method) ? [false, true] : [true]) {
          const res = await send({ route, who, withCsrf });
          tried++;
          const label = `${route.method} ${route.path} as ${who}${withCsrf ? '' : ' without CSRF'} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
          const expectation = expected({ route, who, withCsrf }, res.status, res.body);
          if (expectation) failures.push(`${label}: ${expectation}`);
          // Logout (public) ends the session it was sent with: log in again for the next routes.
          if (route.handler === 'AuthController.logout' && who !== 'anonymous' && res.status < 300) await login(who);
        }
      }
    }
    console.log(`access matrix: ${routes.length} routes, ${tried} requests`);
    expect(failures).toEqual([]);
  });

  it('refuses a CSRF header that does not match the cookie, and a header without any cookie', async () => {
    const writes = routes.filter((r) => UNSAFE.has(r.method));
    for (const route of writes) {
      const url = fillPath(route.path, { ...params, id: 'unknown-id' }) + '/';
      const method = route.method.toLowerCase() as 'post';
      await agents.admin[method](url).set(CSRF_HEADER_NAME, 'x'.repeat(43)).send({}).expect(403, CSRF_FAILED);
      const anonymous = request(app.app.getHttpServer());
      await anonymous[method](url).set(CSRF_HEADER_NAME, tokens.admin).send({}).expect(403, CSRF_FAILED);
    }
    const fresh = await request(app.app.getHttpServer()).get('/api/me/').expect(401);
    expect(String(fresh.headers['set-cookie'])).toContain(`${CSRF_COOKIE_NAME}=`);
  });
});

const isDetailText = (body: unknown) => typeof (body as { detail?: unknown })?.detail === 'string';

/** Null when the answer is what the guard layer promises for this case, else what is wrong. */
function expected({ route, who, withCsrf }: Case, status: number, body: unknown): string | null {
  if (status >= 500) return 'a 5xx';
  if (UNSAFE.has(route.method) && !withCsrf) {
    return status === 403 && JSON.stringify(body) === JSON.stringify(CSRF_FAILED) ? null : 'expected 403 CSRF';
  }
  if (route.access === 'public') return status === 401 || status === 403 ? 'a public route refused the caller' : null;
  if (who === 'anonymous') return status === 401 && isDetailText(body) ? null : 'expected 401';
  if (route.access === 'admin' && who === 'user') {
    return status === 403 && (body as { detail?: string }).detail === 'Admin only' ? null : 'expected 403 Admin only';
  }
  if (status === 401 || status === 403) return 'refused a caller the guards should let through';
  const passed = (status >= 200 && status < 300) || [400, 404, 409, 422, 423].includes(status);
  return passed ? null : `unexpected ${status}`;
}
