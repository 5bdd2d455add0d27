import { randomUUID } from 'node:crypto';

import { MongoClient } from 'mongodb';

/**
 * The plan SQLite reports for a `find` by `_id`, as FerretDB's explain answers it. A real find runs
 * first: a pooled SQLite connection reloads the schema (and sees a new index) only when it executes.
 */
async function planOfFindById(client: MongoClient, db: string, collection: string, id: string): Promise<string> {
  await client
    .db(db)
    .collection(collection)
    .findOne({ _id: id as never });
  const explained = await client.db(db).command({ explain: { find: collection, filter: { _id: id } } });
  return JSON.stringify(explained.queryPlanner);
}

/** The plan SQLite reports for `filter` on `collection`, after running the same find (see above). */
async function planOf(
  client: MongoClient,
  db: string,
  collection: string,
  filter: Record<string, unknown>,
): Promise<string> {
  await client.db(db).collection(collection).find(filter).toArray();
  const explained = await client.db(db).command({ explain: { find: collection, filter } });
  return JSON.stringify(explained.queryPlanner);
}

async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The answer of `work`, or a clear failure when it has not come within `seconds` (a hung server). */
async function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the embedded database (FerretDB over SQLite)', () => {
  let client: MongoClient;
  const db = `embedded_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    client = await MongoClient.connect(process.env.TEST_MONGODB_URI!);
  });
  afterAll(async () => {
    await client.db(db).dropDatabase();
    await client.close();
  });

  it('lets exactly one of many concurrent conditional updates on one version match, from several connections', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => MongoClient.connect(process.env.TEST_MONGODB_URI!)));
    const collectionOf = (i: number) =>
      [client, ...clients][i % 4].db(db).collection<{ _id: number; version: number; by?: number }>('versioned');
    try {
      const winnersPerRound: number[] = [];
      for (let round = 0; round < 10; round++) {
        await collectionOf(0).insertOne({ _id: round, version: 0 });
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            i % 2
              ? collectionOf(i)
                  .updateOne({ _id: round, version: 0 }, { $set: { by: i }, $inc: { version: 1 } })
                  .then((r) => r.modifiedCount)
              : collectionOf(i)
                  .findOneAndUpdate({ _id: round, version: 0 }, { $set: { by: i }, $inc: { version: 1 } })
                  .then((r) => (r ? 1 : 0)),
          ),
        );
        winnersPerRound.push(answers.reduce((a, b) => a + b, 0));
        expect(await collectionOf(0).findOne({ _id: round })).toMatchObject({ version: 1 });
      }
      expect(winnersPerRound).toEqual(Array(10).fill(1));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('serves finds and updates by _id from an index once a collection exists, with the same answers', async () => {
    const items = client.db(db).collection<{ _id: string; n: number }>('items');
    await items.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `item-${i}`, n: i })));
    const plan = await waitFor(
      () => planOfFindById(client, db, 'items', 'item-1500'),
      (p) => p.includes('USING INDEX'),
      10_000,
    );
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_pushdown/);

    expect(await items.findOne({ _id: 'item-1500' })).toEqual({ _id: 'item-1500', n: 1500 });
    expect(await items.findOne({ _id: 'missing' })).toBeNull();
    await items.updateOne({ _id: 'item-7' }, { $set: { n: -7 } });
    expect(await items.findOne({ _id: 'item-7' })).toEqual({ _id: 'item-7', n: -7 });
    expect(await items.findOneAndUpdate({ _id: 'item-8' }, { $inc: { n: 1 } }, { returnDocument: 'after' })).toEqual({
      _id: 'item-8',
      n: 9,
    });
    await items.deleteOne({ _id: 'item-9' });
    expect(await items.countDocuments({})).toBe(1999);
  });

  it('indexes a collection that is dropped and created again', async () => {
    const again = client.db(db).collection<{ _id: string }>('again');
    await again.insertOne({ _id: 'a' });
    await waitFor(
      () => planOfFindById(client, db, 'again', 'a'),
      (p) => p.includes('USING INDEX'),
      10_000,
    );
    await again.drop();
    await again.insertOne({ _id: 'b' });
    expect(
      await waitFor(
        () => planOfFindById(client, db, 'again', 'b'),
        (p) => p.includes('USING INDEX'),
        10_000,
      ),
    ).toContain('USING INDEX');
    expect(await again.findOne({ _id: 'b' })).toEqual({ _id: 'b' });
  });

  it('answers equality on an indexed field from the index, with exactly the documents a scan matches', async () => {
    type Doc = { _id: string; owner?: unknown; n: number };
    const docs = client.db(db).collection<Doc>('owned');
    await docs.createIndex({ owner: 1, n: -1 });
    const tricky = ['plain', 'a<b>&"c"\\d', 'ünïcødé 🎵', '', '0042', 'x'.repeat(300)];
    const rows: Doc[] = Array.from({ length: 1500 }, (_, i) => ({ _id: `d${i}`, owner: `owner-${i % 50}`, n: i }));
    tricky.forEach((owner, i) => rows.push({ _id: `t${i}`, owner, n: i }));
    rows.push(
      { _id: 'arr', owner: ['plain', 'owner-3'], n: 1 },
      { _id: 'num', owner: 42, n: 2 },
      { _id: 'none', n: 3 },
      { _id: 'nested', owner: { plain: 1 }, n: 4 },
    );
    await docs.insertMany(rows);
    const plan = await waitFor(
      () => planOf(client, db, 'owned', { owner: 'owner-3' }),
      (p) => p.includes('USING INDEX'),
      10_000,
    );
    expect(plan).toMatch(/owner_pushdown/);
    expect(plan).not.toMatch(/SCAN/);

    // What a scan decides, computed here from the documents themselves (Mongo equality: the value, or an array holding it).
    const expected = (owner: string, extra: (d: Doc) => boolean = () => true) =>
      rows
        .filter((d) => (d.owner === owner || (Array.isArray(d.owner) && d.owner.includes(owner))) && extra(d))
        .map((d) => d._id)
        .sort();
    const found = async (filter: Record<string, unknown>) =>
      (await docs.find(filter as never).toArray()).map((d) => d._id).sort();
    for (const owner of [...tricky, 'owner-3', 'owner-49', 'nobody', '42']) {
      expect(await found({ owner })).toEqual(expected(owner));
    }
    expect(await found({ owner: 'owner-3', n: { $gte: 1000 } })).toEqual(expected('owner-3', (d) => d.n >= 1000));
    expect(await found({ owner: { $eq: 'owner-3' } })).toEqual(expected('owner-3'));
    expect(await found({ owner: { $in: ['owner-3', tricky[1], 'nobody'] } })).toEqual(
      [...expected('owner-3'), ...expected(tricky[1])].sort(),
    );
    expect(await found({ owner: { $in: ['owner-3', 42] } })).toEqual([...expected('owner-3'), 'num'].sort());
    expect(await found({ _id: { $in: ['d1', 'd2', 'arr', 'missing'] } as never })).toEqual(['arr', 'd1', 'd2']);
    const inPlan = await planOf(client, db, 'owned', { owner: { $in: ['owner-3', 'owner-4'] } });
    expect(inPlan).toMatch(/owner_pushdown/);
    expect(inPlan).not.toMatch(/SCAN/);
    expect(await docs.countDocuments({ owner: 'owner-7' })).toBe(30);
    await docs.updateMany({ owner: 'owner-8' }, { $set: { n: -1 } });
    expect(await found({ owner: 'owner-8', n: -1 })).toEqual(expected('owner-8'));
    await docs.deleteMany({ owner: 'plain' });
    expect(await found({ owner: 'owner-3' })).toEqual(expected('owner-3').filter((id) => id !== 'arr'));
  });

  it('answers hundreds of concurrent finds of more than one batch each, from clients with small pools', async () => {
    // Each find answers 300 documents, so its cursor stays open after the first batch of 101.
    const clients = await Promise.all(
      [1, 2, 3].map(() => MongoClient.connect(process.env.TEST_MONGODB_URI!, { maxPoolSize: 10 })),
    );
    try {
      await client
        .db(db)
        .collection<{ _id: number; text: string }>('batched')
        .insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, text: `row ${i}` })));
      const finds = Promise.all(
        Array.from({ length: 300 }, (_, i) => clients[i % 3].db(db).collection('batched').find({}).toArray()),
      );
      const answers = await withinSeconds(20, finds);
      expect(answers.map((docs) => docs.length)).toEqual(Array(300).fill(300));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('runs one update command of hundreds of statements, each matching a document', async () => {
    const counters = client.db(db).collection<{ _id: number; n: number }>('counters');
    await counters.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, n: 0 })));
    const ops = Array.from({ length: 300 }, (_, i) => ({
      updateOne: { filter: { _id: i }, update: { $inc: { n: 1 } } },
    }));
    const result = await withinSeconds(20, counters.bulkWrite(ops));
    expect(result.modifiedCount).toBe(300);
    expect(await counters.countDocuments({ n: 1 })).toBe(300);
  });

  it('keeps answering equality from the index after dbStats, collStats and validate', async () => {
    const docs = client.db(db).collection<{ _id: string; owner: string }>('analysed');
    await docs.createIndex({ owner: 1 });
    await docs.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: `s${i}`, owner: `owner-${i % 300}` })));
    await waitFor(
      () => planOf(client, db, 'analysed', { owner: 'owner-7' }),
      (p) => p.includes('USING INDEX'),
      10_000,
    );
    // In released FerretDB these store table statistics that turn the plan into a full scan.
    await client.db(db).command({ dbStats: 1 });
    await client.db(db).command({ collStats: 'analysed' });
    await client.db(db).command({ validate: 'analysed' });
    const plan = await planOf(client, db, 'analysed', { owner: 'owner-7' });
    expect(plan).toMatch(/owner_pushdown/);
    expect(plan).not.toMatch(/SCAN/);
    expect((await docs.find({ owner: 'owner-7' }).toArray()).map((d) => d._id).sort()).toEqual(
      ['s1207', 's1507', 's1807', 's2107', 's2407', 's2707', 's307', 's607', 's7', 's907'].sort(),
    );
  });
});
