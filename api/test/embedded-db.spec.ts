import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';

/**
 * The plan SQLite reports for a `find` by `_id`, as FerretDB's explain answers it. A real find runs
 * first: a pooled SQLite connection reloads the schema (and sees a new index) only when it executes.
 */
async function planOfFindById(client: MongoClient, db: string, collection: string, id: string): Promise<string> {
  await client.db(db).collection(collection).findOne({ _id: id as never });
  const explained = await client.db(db).command({ explain: { find: collection, filter: { _id: id } } });
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

  it('serves finds and updates by _id from an index once a collection exists, with the same answers', async () => {
    const items = client.db(db).collection<{ _id: string; n: number }>('items');
    await items.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: `item-${i}`, n: i })));
    const plan = await waitFor(() => planOfFindById(client, db, 'items', 'item-1500'), (p) => p.includes('USING INDEX'), 10_000);
    expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+__id_pushdown/);

    expect(await items.findOne({ _id: 'item-1500' })).toEqual({ _id: 'item-1500', n: 1500 });
    expect(await items.findOne({ _id: 'missing' })).toBeNull();
    await items.updateOne({ _id: 'item-7' }, { $set: { n: -7 } });
    expect(await items.findOne({ _id: 'item-7' })).toEqual({ _id: 'item-7', n: -7 });
    expect(await items.findOneAndUpdate({ _id: 'item-8' }, { $inc: { n: 1 } }, { returnDocument: 'after' })).toEqual({ _id: 'item-8', n: 9 });
    await items.deleteOne({ _id: 'item-9' });
    expect(await items.countDocuments({})).toBe(1999);
  });

  it('indexes a collection that is dropped and created again', async () => {
    const again = client.db(db).collection<{ _id: string }>('again');
    await again.insertOne({ _id: 'a' });
    await waitFor(() => planOfFindById(client, db, 'again', 'a'), (p) => p.includes('USING INDEX'), 10_000);
    await again.drop();
    await again.insertOne({ _id: 'b' });
    expect(await waitFor(() => planOfFindById(client, db, 'again', 'b'), (p) => p.includes('USING INDEX'), 10_000)).toContain('USING INDEX');
    expect(await again.findOne({ _id: 'b' })).toEqual({ _id: 'b' });
  });
});
