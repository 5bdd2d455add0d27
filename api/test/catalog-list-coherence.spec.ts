import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { ChangeFeed } from '../src/persistence/change-feed';
import { buildFixtureAudios, insertAudios } from './helpers/catalog-fixture';
import { createTestApp, TestApp } from './helpers/test-app';
import { writer } from './helpers/workspace-fixture';

type ListItem = { id: string; tags: string[]; locked: boolean; locked_by: string | null; eps: number[] };

/**
 * Two API instances keeping the audio list in memory on one database (what a load balancer in
 * front of two processes does), and a third answering from the database itself: a write
 * acknowledged by either instance is in the next list of the other, and all three agree.
 */
describe('the in-memory audio list across API instances', () => {
  let mia: TestApp;
  let leo: TestApp;
  let reference: TestApp;
  const audios = buildFixtureAudios(40).map((a) => ({
    ...a,
    locked_by: null,
    lock_expires_at: null,
    tags: [],
    tag_keys: [],
  }));
  const ids = audios.map((a) => a.music_canonical_id);

  async function list(t: TestApp, query: Record<string, string> = {}): Promise<ListItem[]> {
    return (await t.agent.get('/api/audio/').query(query).expect(200)).body.results;
  }
  const byId = (rows: ListItem[], id: string) => rows.find((r) => r.id === id);
  const connectionOf = (t: TestApp) => t.app.get<Connection>(getConnectionToken());

  beforeAll(async () => {
    mia = await createTestApp({ env: { AUDIO_LIST_INDEX: 'memory' } });
    leo = await createTestApp({ dbName: mia.dbName, env: { AUDIO_LIST_INDEX: 'memory' } });
    reference = await createTestApp({ dbName: mia.dbName, env: { AUDIO_LIST_INDEX: 'database' } });
    await mia.loginAs('mia', { admin: true });
    await leo.loginAs('leo');
    await reference.loginAs('ref');
    await insertAudios(mia, audios);
    // Both instances have read the list before the writes below.
    expect((await list(mia)).length).toBe(40);
    expect((await list(leo)).length).toBe(40);
  });
  afterAll(async () => {
    await reference.close();
    await leo.close();
    await mia.close();
  });

  it("shows one instance's tags, lock and ending points in the other's very next list", async () => {
    await writer(mia)
      .post(`/api/audio/${ids[0]}/taggify/`, { tags: ['fresh'] })
      .expect(200);
    expect((await list(leo, { tags: 'fresh' })).map((r) => r.id)).toEqual([ids[0]]);

    await writer(leo).post(`/api/audio/${ids[1]}/lock/`).expect(200);
    expect(byId(await list(mia), ids[1])).toMatchObject({ locked: true, locked_by: 'leo' });

    await writer(mia).post(`/api/audio/${ids[2]}/unlock/`).expect(200);
    await writer(mia).post(`/api/audio/${ids[2]}/lock/`).expect(200);
    await writer(mia)
      .post(`/api/audio/${ids[2]}/eps/`, { ending_points: [12.5, 20] })
      .expect(200);
    expect(byId(await list(leo, { has_eps: 'true' }), ids[2])).toMatchObject({ eps: [12.5, 20] });
  });

  it('agrees with the database after parallel writes spread over both instances', async () => {
    await Promise.all(
      ids.slice(3, 23).map((id, i) =>
        writer(i % 2 ? mia : leo)
          .post(`/api/audio/${id}/taggify/`, { tags: [`batch ${i % 3}`, 'parallel'] })
          .expect(200),
      ),
    );
    const queries: Array<Record<string, string>> = [
      {},
      { tags: 'parallel' },
      { tags: 'batch 1' },
      { sort_by: 'growth', sort_dir: 'asc' },
    ];
    for (const query of queries) {
      const expected = await list(reference, query);
      expect(await list(mia, query)).toEqual(expected);
      expect(await list(leo, query)).toEqual(expected);
    }
    expect((await list(reference, { tags: 'parallel' })).length).toBe(20);
  });

  it('reads everything again when the changes it missed were pruned', async () => {
    await writer(mia)
      .post(`/api/audio/${ids[30]}/taggify/`, { tags: ['pruned'] })
      .expect(200);
    // leo has not listed since: drop that entry, as pruning would, then record one more change.
    const entries = connectionOf(mia).collection('change_entries');
    const last = await entries.find({ stream: 'audios' }).sort({ seq: -1 }).limit(1).next();
    await entries.deleteOne({ _id: last!._id });
    await writer(mia)
      .post(`/api/audio/${ids[31]}/taggify/`, { tags: ['after prune'] })
      .expect(200);
    expect(byId(await list(leo), ids[30])?.tags).toEqual(['pruned']);
    expect(byId(await list(leo), ids[31])?.tags).toEqual(['after prune']);
  });

  it('numbers concurrent appends from two processes without gaps or repeats', async () => {
    const feeds = [new ChangeFeed(connectionOf(mia), 'numbering'), new ChangeFeed(connectionOf(leo), 'numbering')];
    await Promise.all(Array.from({ length: 40 }, (_, i) => feeds[i % 2].append([`doc-${i}`])));
    const read = (await feeds[0].readFrom(1, 41)).flat();
    expect(read.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `doc-${i}`).sort());
    // The clock may lag (FerretDB v1 does not serialise concurrent $max), never lead.
    expect(await feeds[1].latest()).toBeLessThanOrEqual(40);
  });

  it('stores the concurrent appends of one process in shared entries, each id once, read back in batches', async () => {
    const feed = new ChangeFeed(connectionOf(mia), 'grouped');
    await Promise.all(Array.from({ length: 30 }, (_, i) => feed.append([`doc-${i}`, 'common'])));
    const run = await feed.readFrom(1);
    expect(run.length).toBeGreaterThan(0);
    expect(run.length).toBeLessThan(30);
    expect(
      run
        .flat()
        .filter((id) => id !== 'common')
        .sort(),
    ).toEqual(Array.from({ length: 30 }, (_, i) => `doc-${i}`).sort());
    expect(await feed.readFrom(run.length + 1)).toEqual([]);
    expect(await feed.latest()).toBe(run.length);
  });
});
