import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { CHANGE_FEED_KEEP_MS, ChangeFeed } from '../src/persistence/change-feed';
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
  /** The workspace's read of one audio, which is answered as the list's rows are. */
  const detail = async (t: TestApp, id: string): Promise<ListItem> =>
    (await t.agent.get(`/api/audio/${id}/`).expect(200)).body;
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

  it("shows one instance's tags, lock and ending points in the other's very next list and audio read", async () => {
    await writer(mia)
      .post(`/api/audio/${ids[0]}/taggify/`, { tags: ['fresh'] })
      .expect(200);
    expect((await list(leo, { tags: 'fresh' })).map((r) => r.id)).toEqual([ids[0]]);
    expect(await detail(leo, ids[0])).toMatchObject({ tags: ['fresh'] });

    await writer(leo).post(`/api/audio/${ids[1]}/lock/`).expect(200);
    expect(byId(await list(mia), ids[1])).toMatchObject({ locked: true, locked_by: 'leo' });
    expect(await detail(mia, ids[1])).toMatchObject({ locked: true, locked_by: 'leo' });

    await writer(mia).post(`/api/audio/${ids[2]}/unlock/`).expect(200);
    await writer(mia).post(`/api/audio/${ids[2]}/lock/`).expect(200);
    await writer(mia)
      .post(`/api/audio/${ids[2]}/eps/`, { ending_points: [12.5, 20] })
      .expect(200);
    expect(byId(await list(leo, { has_eps: 'true' }), ids[2])).toMatchObject({ eps: [12.5, 20] });
    expect(await detail(leo, ids[2])).toMatchObject({ eps: [12.5, 20] });
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

  it('reads everything again when it fell behind the changes kept', async () => {
    expect(byId(await list(leo), ids[30])?.tags).toEqual([]);
    await writer(mia)
      .post(`/api/audio/${ids[30]}/taggify/`, { tags: ['behind'] })
      .expect(200);
    // leo's next list comes eleven minutes later (the clock moves on, and stays there for the rest
    // of this test): the slots it had not read are past keeping, and deleted.
    const later = Date.now() + CHANGE_FEED_KEEP_MS + 60_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await connectionOf(mia).collection('change_slots').deleteMany({});
      expect(byId(await list(leo), ids[30])?.tags).toEqual(['behind']);
      await writer(mia)
        .post(`/api/audio/${ids[31]}/taggify/`, { tags: ['after'] })
        .expect(200);
      expect(byId(await list(leo), ids[31])?.tags).toEqual(['after']);
    } finally {
      clock.mockRestore();
    }
  });

  it('hands every id appended concurrently by two processes to a reader, once', async () => {
    const feeds = [new ChangeFeed(connectionOf(mia)), new ChangeFeed(connectionOf(leo))];
    const cursor = await feeds[0].cursor('numbering');
    await Promise.all(Array.from({ length: 40 }, (_, i) => feeds[i % 2].append('numbering', [`doc-${i}`])));
    expect([...(await cursor.read())].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `doc-${i}`).sort());
    expect([...(await cursor.read())]).toEqual([]);
  });

  it('records an append acknowledged late again, in a slot its readers have not settled', async () => {
    // The writer reads the clock at T and its command lands 8.5 s later (queued behind other
    // writes). A reader that read just before it landed has settled T's slot and never reads it
    // again: the change reaches the reader only because the writer records it again, younger.
    const slotMs = 2_000;
    const start = Math.ceil((Date.now() + CHANGE_FEED_KEEP_MS + 180_000) / slotMs) * slotMs;
    let now = start;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const feed = new ChangeFeed(connectionOf(mia));
      const cursor = await feed.cursor('late');
      const slots = connectionOf(mia).collection('change_slots');
      const update = slots.updateOne.bind(slots);
      let readBeforeLanding: string[] | null = null;
      const stored = jest.spyOn(slots, 'updateOne').mockImplementation((async (...args: Parameters<typeof update>) => {
        if (now === start) {
          now = start + 8_500;
          readBeforeLanding = [...(await cursor.read())];
        }
        return update(...args);
      }) as never);
      await feed.append('late', ['slow-write']);
      expect(stored).toHaveBeenCalledTimes(2);
      stored.mockRestore();
      expect(readBeforeLanding).toEqual([]);
      now = start + 10_000;
      expect([...(await cursor.read())]).toEqual(['slow-write']);
      const holding = await slots.find({ late: 'slow-write' }).toArray();
      expect(holding.map((slot) => slot.slot).sort()).toEqual([start / slotMs, (start + 8_500 - 500) / slotMs]);
    } finally {
      clock.mockRestore();
    }
  });

  it('stores the concurrent appends of one process in shared commands, each id once per command', async () => {
    const feed = new ChangeFeed(connectionOf(mia));
    await Promise.all(Array.from({ length: 30 }, (_, i) => feed.append('grouped', [`doc-${i}`, 'common'])));
    const slots = await connectionOf(mia)
      .collection('change_slots')
      .find({ grouped: { $exists: true } })
      .toArray();
    const stored = slots.flatMap((slot) => slot.grouped as string[]);
    const commands = stored.filter((id) => id === 'common').length;
    expect(commands).toBeGreaterThan(0);
    expect(commands).toBeLessThan(30);
    expect(stored.filter((id) => id !== 'common').sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `doc-${i}`).sort(),
    );
  });

  it('stores the changes of a batch, and of a batch begun inside it, together when the outer one ends', async () => {
    const feed = new ChangeFeed(connectionOf(mia));
    const cursor = await feed.cursor('paired');
    let seenInside: string[] = [];
    await feed.batch(async () => {
      await feed.append('paired', ['first']);
      await feed.batch(() => feed.append('paired', ['second']));
      seenInside = [...(await cursor.read())];
    });
    expect(seenInside).toEqual([]);
    expect([...(await cursor.read())].sort()).toEqual(['first', 'second']);
    const slots = await connectionOf(mia)
      .collection('change_slots')
      .find({ paired: { $exists: true } })
      .toArray();
    expect(slots.flatMap((slot) => slot.paired as string[])).toEqual(['first', 'second']);
  });

  it("keeps showing a lock refreshed on one instance in the other's list after the expiry it was taken with", async () => {
    // The clock moves on (past where the test above left the feed's readers) and stays there.
    const taken = Date.now() + CHANGE_FEED_KEEP_MS + 120_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => taken);
    try {
      await writer(leo).post(`/api/audio/${ids[5]}/lock/`).expect(200);
      expect(byId(await list(mia), ids[5])).toMatchObject({ locked: true, locked_by: 'leo' });
      // The workspace refreshes before the 30 s run out; mia's list then outlives the first expiry.
      clock.mockImplementation(() => taken + 25_000);
      await writer(leo).post(`/api/audio/${ids[5]}/lock/`).expect(200);
      clock.mockImplementation(() => taken + 40_000);
      expect(await detail(mia, ids[5])).toMatchObject({ locked: true, locked_by: 'leo' });
      expect(byId(await list(mia), ids[5])).toMatchObject({ locked: true, locked_by: 'leo' });
      expect(byId(await list(reference), ids[5])).toMatchObject({ locked: true, locked_by: 'leo' });
      // Without another refresh the lock runs out 30 s after the last one, in every list.
      clock.mockImplementation(() => taken + 60_000);
      expect(await detail(mia, ids[5])).toMatchObject({ locked: false, locked_by: null });
      expect(byId(await list(mia), ids[5])).toMatchObject({ locked: false, locked_by: null });
      expect(byId(await list(leo), ids[5])).toMatchObject({ locked: false, locked_by: null });
      await writer(mia).post(`/api/audio/${ids[5]}/lock/`).expect(200);
      expect(byId(await list(leo), ids[5])).toMatchObject({ locked: true, locked_by: 'mia' });
    } finally {
      clock.mockRestore();
    }
  });
});
