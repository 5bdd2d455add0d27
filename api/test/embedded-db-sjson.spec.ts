import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { Binary, Long, MongoClient, ObjectId } from 'mongodb';

/** The patched FerretDB module the embedded server is built from (tools/ferretdb.cjs prepares it). */
const MODULE = join(__dirname, '..', 'ferretdb', 'bin', 'ferretdb-module');

/**
 * The embedded server reads stored documents with a patched sjson package
 * (api/ferretdb/_overlay/internal/handler/sjson/sjson.go) and answers finds through a patched
 * projection (handler/common/projection_iterator.go): FerretDB's own tests of both packages run
 * against them, so every type decodes as the released code decodes it. One case is left out: a
 * stored document with bytes after it is still refused, with json.Unmarshal's wording of the error.
 */
describe('the embedded server reading stored documents', () => {
  it("passes FerretDB's own tests of its document decoding and projection", () => {
    const res = spawnSync(
      'go',
      [
        'test',
        '-count=1',
        '-skip',
        '^TestUnmarshalInvalid$/^ExtraData$',
        './internal/handler/sjson/',
        './internal/handler/common/',
      ],
      { cwd: MODULE, env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly' }, encoding: 'utf8' },
    );
    const out = `${res.stdout}${res.stderr}`;
    expect(out).toMatch(/^ok\s+github\.com\/FerretDB\/FerretDB\/internal\/handler\/sjson\s/m);
    expect(out).toMatch(/^ok\s+github\.com\/FerretDB\/FerretDB\/internal\/handler\/common\s/m);
    expect(res.status).toBe(0);
  }, 300_000);

  /**
   * The patch splits a stored document in one pass. FerretDB's tests hold no string with a quote,
   * backslash or bracket inside a document, so this reads such documents back through the server.
   */
  it('reads back what was stored: strings with quotes, backslashes and brackets, arrays and documents nested', async () => {
    const client = await MongoClient.connect(process.env.TEST_MONGODB_URI!);
    const db = client.db(`sjson_${randomUUID().slice(0, 8)}`);
    try {
      const tricky = [
        'say "hi"',
        'back\\slash\\',
        '\\"',
        '"}],{["',
        'tab\there\nnew line',
        'é ü 音 🎵',
        '',
        ' { [ ] } ',
      ];
      const docs = tricky.map((text, i) => ({
        _id: `doc-${i}`,
        text,
        // A key is stored escaped too (<, > and & as \u003c…); released FerretDB refuses a key with a
        // quote or backslash, and stores one with a control character so that it cannot be read back.
        [`key <${i}> & é`]: i,
        nested: { text, list: [text, { text, inner: [text, { text }] }, i, i + 0.5, true, null], empty: {}, none: [] },
        n: i,
        long: Long.fromString('9007199254740993'),
        double: -1.25e-7,
        flag: i % 2 === 0,
        when: new Date(Date.UTC(2026, 10, 26, 12, 0, i)),
        oid: new ObjectId('0123456789abcdef0123456' + String(i)),
        bytes: new Binary(Buffer.from([0, 34, 92, i])),
        after: 'last',
      }));
      await db.collection<{ _id: string }>('docs').insertMany(docs);
      const back = await db
        .collection<{ _id: string }>('docs')
        .find({}, { promoteLongs: false })
        .sort({ _id: 1 })
        .toArray();
      expect(back).toEqual(docs);
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  });

  /**
   * A projection of top-level fields is applied in one pass (projection_iterator.go); any other goes
   * through FerretDB's ProjectDocument. Both answer MongoDB's fields in the document's order.
   */
  it('answers projected finds with the fields MongoDB answers, in the stored order', async () => {
    const client = await MongoClient.connect(process.env.TEST_MONGODB_URI!);
    const db = client.db(`projection_${randomUUID().slice(0, 8)}`);
    try {
      const docs = db.collection<{ _id: string; [field: string]: unknown }>('docs');
      await docs.insertMany([
        { _id: 'p1', a: 1, b: [2, 3], c: { x: 4, y: 5 }, d: null },
        { _id: 'p2', c: { x: 6 }, a: 'seven' },
      ]);
      const find = async (projection: Record<string, unknown>) =>
        (await docs.find({}, { projection }).sort({ _id: 1 }).toArray()).map((doc) => Object.entries(doc));
      expect(await find({ c: 1, a: 1 })).toEqual([
        [
          ['_id', 'p1'],
          ['a', 1],
          ['c', { x: 4, y: 5 }],
        ],
        [
          ['_id', 'p2'],
          ['c', { x: 6 }],
          ['a', 'seven'],
        ],
      ]);
      expect(await find({ _id: 0, b: true, d: 1 })).toEqual([
        [
          ['b', [2, 3]],
          ['d', null],
        ],
        [],
      ]);
      expect(await find({ b: 0, _id: 0 })).toEqual([
        [
          ['a', 1],
          ['c', { x: 4, y: 5 }],
          ['d', null],
        ],
        [
          ['c', { x: 6 }],
          ['a', 'seven'],
        ],
      ]);
      expect(await find({ _id: 1 })).toEqual([[['_id', 'p1']], [['_id', 'p2']]]);
      expect(await find({ _id: 0 })).toEqual([
        [
          ['a', 1],
          ['b', [2, 3]],
          ['c', { x: 4, y: 5 }],
          ['d', null],
        ],
        [
          ['c', { x: 6 }],
          ['a', 'seven'],
        ],
      ]);
      // A path into a document: FerretDB's own projection.
      expect(await find({ 'c.y': 1, a: 1 })).toEqual([
        [
          ['_id', 'p1'],
          ['a', 1],
          ['c', { y: 5 }],
        ],
        [
          ['_id', 'p2'],
          ['c', {}],
          ['a', 'seven'],
        ],
      ]);
    } finally {
      await db.dropDatabase();
      await client.close();
    }
  });
});
