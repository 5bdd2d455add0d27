import { postInTurn, settleShownChange, trackShownChange } from './post-in-turn';

/** A base query whose answers the test releases one at a time; it records the order calls were sent in. */
function heldBaseQuery() {
  const sent: string[] = [];
  const release: Array<() => void> = [];
  const baseQuery = ({ url }: { url: string }) => {
    sent.push(url);
    return new Promise<{ data?: unknown; error?: { status: number; data: unknown } }>((resolve) =>
      release.push(() => resolve(url.endsWith('fail') ? { error: { status: 500, data: url } } : { data: url })),
    );
  };
  return { sent, release, baseQuery };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('postInTurn', () => {
  it("sends a record's next write only once the one before it has its answer, and other records at once", async () => {
    const { sent, release, baseQuery } = heldBaseQuery();
    const first = postInTurn('a', baseQuery, { url: 'a1' });
    const second = postInTurn('a', baseQuery, { url: 'a2' });
    const other = postInTurn('b', baseQuery, { url: 'b1' });
    await tick();
    expect(sent).toEqual(['a1', 'b1']);
    release.shift()!();
    await expect(first).resolves.toEqual({ data: 'a1' });
    await tick();
    expect(sent).toEqual(['a1', 'b1', 'a2']);
    release.splice(0).forEach((answer) => answer());
    await expect(Promise.all([second, other])).resolves.toEqual([{ data: 'a2' }, { data: 'b1' }]);
  });

  it('hands back a refused write as an error and still sends the next', async () => {
    const { sent, release, baseQuery } = heldBaseQuery();
    const refused = postInTurn('c', baseQuery, { url: 'c-fail' });
    const next = postInTurn('c', baseQuery, { url: 'c2' });
    await tick();
    release.shift()!();
    await expect(refused).resolves.toEqual({ error: { status: 500, data: 'c-fail' } });
    await tick();
    release.shift()!();
    await expect(next).resolves.toEqual({ data: 'c2' });
    expect(sent).toEqual(['c-fail', 'c2']);
  });
});

describe('trackShownChange', () => {
  it('leaves a change alone to settle its record when no other was in flight', () => {
    const answered = trackShownChange('t1', 'r1');
    expect(answered()).toEqual({ isNewest: true, followsOthers: false });
  });

  it('lets only the newest of changes made in a row settle, and says others were in flight before it', () => {
    const first = trackShownChange('t2', 'r1');
    const second = trackShownChange('t2', 'r2');
    expect(first()).toEqual({ isNewest: false, followsOthers: false });
    const third = trackShownChange('t2', 'r3');
    expect(second()).toEqual({ isNewest: false, followsOthers: true });
    expect(third()).toEqual({ isNewest: true, followsOthers: true });
    // Once the newest is answered the record starts afresh.
    expect(trackShownChange('t2', 'r4')()).toEqual({ isNewest: true, followsOthers: false });
  });

  it('keeps records apart', () => {
    const a = trackShownChange('t3', 'r1');
    const b = trackShownChange('t4', 'r2');
    expect(b()).toEqual({ isNewest: true, followsOthers: false });
    expect(a()).toEqual({ isNewest: true, followsOthers: false });
  });
});

describe('settleShownChange', () => {
  /** A change whose display is recorded in `log`, and whose answer the test gives. */
  function shownChange(key: string, requestId: string, log: string[]) {
    let answer!: (ok: boolean) => void;
    const queryFulfilled = new Promise<{ data: string }>((resolve, reject) => {
      answer = (ok) => (ok ? resolve({ data: `${requestId} saved` }) : reject(new Error('refused')));
    });
    const settled = settleShownChange(
      key,
      requestId,
      () => {
        log.push(`show ${requestId}`);
        return [{ undo: () => log.push(`undo ${requestId}`) }];
      },
      queryFulfilled,
      { accepted: (data) => log.push(`accepted ${data}`), readAgain: () => log.push('read again') },
    );
    return { answer, settled };
  }

  it("settles on the newest change's answer alone", async () => {
    const log: string[] = [];
    const first = shownChange('s1', 'r1', log);
    const second = shownChange('s1', 'r2', log);
    first.answer(true);
    second.answer(true);
    await Promise.all([first.settled, second.settled]);
    expect(log).toEqual(['show r1', 'show r2', 'accepted r2 saved']);
  });

  it('undoes a refused change alone, and reads the record again when others were on their way before it', async () => {
    const log: string[] = [];
    const alone = shownChange('s2', 'r1', log);
    alone.answer(false);
    await alone.settled;
    expect(log).toEqual(['show r1', 'undo r1']);
    log.length = 0;
    const first = shownChange('s2', 'r2', log);
    const second = shownChange('s2', 'r3', log);
    first.answer(false);
    second.answer(false);
    await Promise.all([first.settled, second.settled]);
    expect(log).toEqual(['show r2', 'show r3', 'undo r3', 'read again']);
  });
});
