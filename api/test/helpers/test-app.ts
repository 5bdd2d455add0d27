import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@curator/shared/contract';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import request from 'supertest';

import { AppModule } from '../../src/app.module';
import { APP_CONFIG } from '../../src/config/config.module';
import { AppConfig, loadConfig } from '../../src/config/env.schema';
import { configureApp } from '../../src/configure-app';
import { UsersService } from '../../src/users/users.service';

export const TEST_PASSWORD = 'test-password-1';

export type TestAppOptions = {
  /** Reuse a database (e.g. to boot a second app on the same data); default: a fresh one. */
  dbName?: string;
  /** A database server of the test's own (one it stops or kills); default: the shared test FerretDB. */
  server?: string;
  /** Extra environment for the config (WEB_ROOT, SESSION_IDLE_TIMEOUT, MFE_REMOTES_FILE, …). */
  env?: Record<string, string>;
  /** Hook to override providers before compiling. */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
};

export type TestApp = {
  app: NestExpressApplication;
  /** supertest agent that keeps cookies (session and csrftoken) between requests. */
  agent: ReturnType<typeof request.agent>;
  config: AppConfig;
  dbName: string;
  /** The agent's current `csrftoken` cookie, to send as `X-CSRFToken` on writes. */
  csrf(): string;
  /** Value of any cookie the agent holds, or undefined. */
  cookie(name: string): string | undefined;
  /** Creates the user if needed (password TEST_PASSWORD unless given) and logs the agent in. */
  loginAs(
    username: string,
    options?: { admin?: boolean; password?: string },
  ): Promise<{ username: string; password: string }>;
  close(): Promise<void>;
};

let dbCounter = 0;
const uniqueDbName = () => `t_${process.pid}_${Date.now().toString(36)}_${++dbCounter}`;

/** The base URI from the jest globalSetup, with a database name appended. */
function databaseUri(dbName: string, server?: string): string {
  const base = server ?? process.env.TEST_MONGODB_URI;
  if (!base) throw new Error('TEST_MONGODB_URI is not set: run through the jest "api" project');
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/**
 * Boots the real AppModule with `configureApp` against its own database on the test FerretDB.
 * The agent already holds a `csrftoken`, so `t.agent.post(url).set('X-CSRFToken', t.csrf())` works.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dbName = options.dbName ?? uniqueDbName();
  const webRoot = mkdtempSync(join(tmpdir(), 'curator-web-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_ROOT: webRoot,
    MONGODB_URI: databaseUri(dbName, options.server),
    ...options.env,
  });
  let builder = Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(APP_CONFIG)
    .useValue(config);
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  configureApp(app);
  await app.init();
  const agent = request.agent(app.getHttpServer());
  await agent.get('/api/health/');

  const cookie = (name: string): string | undefined =>
    agent.jar.getCookie(name, { domain: '127.0.0.1', path: '/', secure: false, script: false } as never)?.value;
  const csrf = (): string => {
    const token = cookie(CSRF_COOKIE_NAME);
    if (!token) throw new Error('The agent holds no csrftoken cookie');
    return token;
  };

  return {
    app,
    agent,
    config,
    dbName,
    csrf,
    cookie,
    async loginAs(username, { admin = false, password = TEST_PASSWORD } = {}) {
      const users = app.get(UsersService);
      if (!(await users.findByUsername(username))) await users.create({ username, password, admin });
      await agent.post('/api/auth/login/').set(CSRF_HEADER_NAME, csrf()).send({ username, password }).expect(200);
      return { username, password };
    },
    async close() {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
