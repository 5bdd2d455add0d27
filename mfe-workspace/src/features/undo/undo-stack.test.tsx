import { createUndoHistory, recordEdit, takeRedo, takeUndo } from './undo-stack';

describe('undo history', () => {
  it('undoes newest first and redoes what was undone', () => {
    let h = recordEdit(recordEdit(createUndoHistory<string>(), 'a'), 'b');
    const u1 = takeUndo(h)!;
    expect(u1.entry).toBe('b');
    h = u1.history;
    const r1 = takeRedo(h)!;
    expect(r1.entry).toBe('b');
    expect(r1.history.past).toEqual(['a', 'b']);
  });

  it('forgets the redo list on a new edit and has nothing to undo when empty', () => {
    const undone = takeUndo(recordEdit(createUndoHistory<string>(), 'a'))!.history;
    expect(recordEdit(undone, 'c').future).toEqual([]);
    expect(takeUndo(createUndoHistory())).toBeNull();
    expect(takeRedo(createUndoHistory())).toBeNull();
  });

  it('keeps at most the limit', () => {
    let h = createUndoHistory<number>();
    for (let i = 0; i < 5; i++) h = recordEdit(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
  });
});
