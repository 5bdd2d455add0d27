import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@curator/shared/contract';
import { getConnectionToken } from '@nestjs/mongoose';
import fc from 'fast-check';
import type { Connection } from 'mongoose';
import request from 'supertest';

import { findStoredGarbage } from './helpers/reliability-invariants';
import { createTestApp, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
  $ref?: string;
};
type Parameter = { in: 'query' | 'path'; name: string; schema: Schema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: Schema };

const RUNS_PER_OPERATION = 32;
const LEAK_PATTERNS = [
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /Mongo\w*Error/,
  /E11000/,
  /Cast to \w+ failed/,
  /ValidationError/,
  /\/work\//,
  /TypeError|ReferenceError/,
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '$ne',
  '$where',
  '{"$gt":""}',
  'a.b',
  '.*',
  '^(a+)+$',
  '(?<x>',
  '[',
  '\\',
  '*',
  '%',
  '%00',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '-0',
  '1e309',
  '9007199254740993',
  '0x1F',
  '1_000',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; db.dropDatabase(); '",
  '🎵🎶 ﾟ･✿',
  'İıŞ',
  'a'.repeat(5_000),
  'x'.repeat(200_000),
];
const HOSTILE_NUMBERS = [
  -1,
  -0,
  0.1,
  -1e-9,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 64,
  86_400.0001,
  1e21,
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 20 }),
);
const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double(), fc.integer());
const operatorObject = fc.oneof(
  fc.constant({ $ne: null }),
  fc.constant({ $gt: '' }),
  fc.constant({ $regex: '.*' }),
  fc.constant({ 'a.b': 1 }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.dictionary(fc.constantFrom('$set', '$where', 'x.y', '$in', 'ok'), fc.oneof(fc.string(), fc.integer()), {
    maxKeys: 3,
  }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    operatorObject,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/**
 * Hostile input from the app's own OpenAPI document: every operation's path, query and body, each
 * field either plausible for its schema or hostile. No answer may be a 5xx, every refusal is
 * `{"detail": text}` or the 422 list, nothing leaks internals, and nothing odd is stored.
 */
describe('hostile input across every operation of the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[] = [];
  let tried = 0;
  const audios = buildWorkspaceAudios(3, 77);
  const ids = audios.map((a) => a.music_canonical_id);
  const templateIds = [buildTemplate(ids[0], 1), buildTemplate(ids[1], 2)];
  const problems: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.loginAs('fuzz-admin', { admin: true });
    await seedCatalog(t, audios, templateIds);
    const doc = (await t.agent.get('/api/openapi.json').expect(200)).body;
    operations = readOperations(doc);
  });
  afterAll(() => t.close());

  /** Plausible or hostile, per schema; ids come from the seed so some requests reach the database. */
  function valueFor(name: string, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 2, arbitrary: plausible(name, schema, depth) }, { weight: 1, arbitrary: hostileValue });
  }

  function plausible(name: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(name, s, depth)));
    const type = Array.isArray(schema.type) ? schema.type[schema.type.length - 1] : schema.type;
    if (/music_canonical_id|audio_id|^id$/.test(name)) return fc.constantFrom(...ids, 'no-such-audio');
    if (name === 'template_clips_media_id')
      return fc.constantFrom(...templateIds.map((x) => x.template_clips_media_id), 'no-such-template');
    switch (type) {
      case 'integer':
        return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6) });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 2 ? fc.constant([]) : fc.array(plausible(name, schema.items ?? {}, depth + 1), { maxLength: 6 });
      case 'object': {
        const props = Object.entries(schema.properties ?? {});
        return fc.record(
          Object.fromEntries(props.map(([k, s]) => [k, depth > 2 ? fc.constant(null) : valueFor(k, s, depth + 1)])),
          { requiredKeys: [] },
        );
      }
      default:
        return fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
  }

  function bodyFor(schema: Schema): fc.Arbitrary<unknown> {
    const props = Object.entries(schema.properties ?? {});
    const record = fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueFor(k, s)])), { requiredKeys: [] });
    const extra = fc.option(
      fc.tuple(fc.constantFrom('$where', 'a.b', 'unknown_field', '$set', 'offsets.0'), hostileValue),
      { nil: undefined },
    );
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(record, extra).map(([r, e]) => (e ? { ...r, [e[0]]: e[1] } : r)) },
      { weight: 1, arbitrary: hostileValue },
    );
  }

  function pathValue(name: string): fc.Arbitrary<string> {
    const real = name === 'src' ? ['beat', 'template'] : name === 'name' ? ['beat-01.svg'] : [...ids, 'fuzz-admin'];
    return fc.oneof(
      fc.constantFrom(...real),
      hostileString.filter((s) => s.length < 5_000),
    );
  }

  function queryFor(params: Parameter[]): fc.Arbitrary<Record<string, unknown>> {
    const q = params.filter((p) => p.in === 'query');
    const stringish = (p: Parameter) =>
      fc.oneof(
        plausible(p.name, p.schema, 0).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))),
        hostileString.filter((s) => s.length < 10_000),
        fc.array(hostileString, { minLength: 2, maxLength: 3 }),
      );
    const extra = fc.option(fc.constantFrom({ $where: '1' }, { 'a.b': 'x' }, { 'skip[$gt]': '0' }, { unknown: 'x' }), {
      nil: undefined,
    });
    return fc
      .tuple(fc.record(Object.fromEntries(q.map((p) => [p.name, stringish(p)])), { requiredKeys: [] }), extra)
      .map(([r, e]) => ({ ...r, ...e }));
  }

  const statuses = new Map<number, number>();

  async function check(label: string, res: request.Response) {
    tried++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = res.text ?? '';
    const shaped = refusalShapeProblem(res);
    if (res.status >= 500) problems.push(`${label} → ${res.status} ${text.slice(0, 200)}`);
    else if (shaped) problems.push(`${label} → ${res.status} ${shaped}: ${text.slice(0, 200)}`);
    const leak = LEAK_PATTERNS.find((p) => p.test(res.status >= 400 ? text : ''));
    if (leak) problems.push(`${label} → leaks ${leak}: ${text.slice(0, 200)}`);
    if (res.status === 401) await t.loginAs('fuzz-admin', { admin: true }); // e.g. its own session ended
  }

  it('never answers 5xx or an unshaped refusal, and stores no garbage', async () => {
    const csrf = () => t.csrf();
    for (const op of operations) {
      if (op.path === '/api/auth/logout') continue; // would end the session under test; covered by the matrix
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const arb = fc.record({
        path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.name)]))),
        query: queryFor(op.parameters),
        body: op.body ? bodyFor(op.body) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ path, query, body }) => {
          const url =
            op.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
              encodeURIComponent(String((path as Record<string, string>)[n])),
            ) + '/';
          const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
          let req = t.agent[method](url)
            .query(query as Record<string, string>)
            .timeout(20_000);
          if (method !== 'get') req = req.set(CSRF_HEADER_NAME, csrf());
          // Primitives as raw JSON text: the client library only serialises objects itself.
          const res =
            body === undefined
              ? await req
              : await req.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? 'null');
          await check(
            `${op.method.toUpperCase()} ${url} q=${JSON.stringify(query).slice(0, 80)} b=${JSON.stringify(body)?.slice(0, 120)}`,
            res,
          );
          return true;
        }),
        { numRuns: RUNS_PER_OPERATION, seed: 20_261_122, endOnFailure: true },
      );
    }
    console.log(
      `fuzz: ${operations.length} operations, ${tried} cases tried; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    const db = t.app.get<Connection>(getConnectionToken()).db!;
    expect(await findStoredGarbage(db)).toEqual([]);
  }, 240_000);

  it('answers JSON bodies over 1 MB with 413 and a detail on public and session routes, and a form with 415', async () => {
    const huge = { name: 'x'.repeat(1_100_000), music_canonical_id: ids[0], audio_type: 'music' };
    for (const url of ['/api/beats/', '/api/auth/login/', '/api/tags/', `/api/audio/${ids[0]}/taggify/`]) {
      const res = await t.agent.post(url).set(CSRF_HEADER_NAME, t.csrf()).send(huge);
      expect([res.status, typeof res.body.detail]).toEqual([413, 'string']);
      tried++;
    }
    const form = await t.agent
      .post('/api/beats/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .type('form')
      .send(`name=${'y'.repeat(1_100_000)}`);
    expect([form.status, typeof form.body.detail]).toEqual([415, 'string']);
    const badJson = await t.agent
      .post('/api/beats/')
      .set(CSRF_HEADER_NAME, t.csrf())
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(badJson.status).toBe(422);
    expect(badJson.body.detail[0]).toMatchObject({ loc: ['body'] });
  });

  it('keeps path traversal out of media, beat images and user names, raw or encoded', async () => {
    const anon = request(t.app.getHttpServer());
    const attempts = [
      '/media/../../etc/passwd',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/%252e%252e%252fetc%252fpasswd',
      '/media/....//....//etc/passwd',
      '/media/audio/..%5c..%5cpackage.json',
      '/media/%00/etc/passwd',
      '/media//etc/passwd',
      '/media/.env',
      '/media/audio/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/beatimages/..%2F..%2Fpackage.json/',
      '/api/beatimages/%2e%2e%2fbeat-01.svg/',
      '/api/beatimages/beat-01.svg%00.js/',
      '/api/users/..%2F..%2Fetc%2Fpasswd/',
      '/api/users/%2e%2e/',
      '/api/users/fuzz-admin%2F..%2F..%2F/',
      '/api/audio/..%2F..%2Fetc%2Fpasswd/',
      '/api/approvals/beat/..%2F..%2F/',
    ];
    for (const url of attempts) {
      for (const client of [t.agent, anon]) {
        const res = await client.get(url);
        tried++;
        expect({ url, ok: res.status >= 400 && res.status < 500 }).toEqual({ url, ok: true });
        expect(res.text).not.toMatch(/root:|"name": "curator"|MONGODB_URI/);
        if (res.headers['content-type']?.includes('json')) expect(refusalShapeProblem(res)).toBeNull();
      }
    }
    const cookie = t.cookie(CSRF_COOKIE_NAME);
    expect(cookie).toBeTruthy();
    console.log(`fuzz: ${tried} cases tried in all`);
  });
});

const isEntryList = (detail: unknown) =>
  Array.isArray(detail) &&
  detail.length > 0 &&
  detail.every((e) => Array.isArray(e?.loc) && typeof e?.msg === 'string' && typeof e?.type === 'string');

/**
 * Null when an error answer has the shape docs/rules.md "Wire conventions" gives it, else what is wrong. A failed login
 * is a 400 with entries (screens show them as 'location - message', docs/rules.md); Node's own 431 for an
 * over-long URL comes before the app and has no body.
 */
function refusalShapeProblem(res: request.Response): string | null {
  if (res.status < 400 || res.status === 431) return null;
  const detail = (res.body as { detail?: unknown })?.detail;
  if (res.status === 422) return isEntryList(detail) ? null : 'a 422 without the detail list';
  if (res.status === 400 && isEntryList(detail)) return null;
  return typeof detail === 'string' && detail.length > 0 ? null : 'a refusal without a detail text';
}

/** Operations of the OpenAPI document with their parameters and JSON body schema, refs resolved. */
function readOperations(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}): Operation[] {
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').pop()!] : s;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method,
        path,
        parameters: op.parameters ?? [],
        body: resolve(op.requestBody?.content['application/json']?.schema),
      });
    }
  }
  return ops;
}
