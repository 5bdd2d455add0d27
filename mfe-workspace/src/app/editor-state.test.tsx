import { editorReducer, initialEditorState, withShownSelection } from './editor-state';

describe('workspace editor state', () => {
  it('selecting a beat clears the template and vice versa', () => {
    const withTemplate = editorReducer(initialEditorState, { type: 'templateActivated', templateId: 't1' });
    const withBeat = editorReducer(withTemplate, { type: 'beatActivated', beatId: 'b1' });
    expect(withBeat).toMatchObject({ activeBeatId: 'b1', activeTemplateId: null });
    expect(editorReducer(withBeat, { type: 'templateActivated', templateId: 't2' })).toMatchObject({
      activeBeatId: null,
      activeTemplateId: 't2',
    });
  });

  it('keeps the selected offset and ending point mutually exclusive', () => {
    const offset = editorReducer(initialEditorState, { type: 'offsetSelected', offsetS: 1.5 });
    const point = editorReducer(offset, { type: 'endingPointSelected', pointS: 20 });
    expect(point).toMatchObject({ selectedOffsetS: null, selectedEndingPointS: 20 });
    expect(editorReducer(point, { type: 'offsetSelected', offsetS: 2 })).toMatchObject({
      selectedOffsetS: 2,
      selectedEndingPointS: null,
    });
  });

  it('starts with the default similarity threshold and moves edits between undo and redo', () => {
    expect(initialEditorState.similarityPercent).toBe(90);
    const edit = { kind: 'ending-points' as const, beforeS: [], afterS: [3] };
    const recorded = editorReducer(initialEditorState, { type: 'editRecorded', edit });
    const undone = editorReducer(recorded, { type: 'undoTaken' });
    expect(undone.history).toEqual({ past: [], future: [edit] });
    expect(editorReducer(undone, { type: 'redoTaken' }).history).toEqual({ past: [edit], future: [] });
  });
});

describe('withShownSelection', () => {
  const selecting = (offsetS: number | null, pointS: number | null) =>
    editorReducer(editorReducer(initialEditorState, { type: 'offsetSelected', offsetS }), {
      type: 'endingPointSelected',
      pointS,
    });

  it('keeps a selected point that is on screen, and the same state object when nothing is dropped', () => {
    const editor = selecting(null, 30);
    expect(withShownSelection(editor, [5], [10, 30])).toBe(editor);
    expect(withShownSelection(selecting(5, null), [5], [])).toMatchObject({ selectedOffsetS: 5 });
  });

  it('shows no selection for a point that is gone (undone, refused, removed elsewhere)', () => {
    expect(withShownSelection(selecting(null, 30), [], [10, 40])).toMatchObject({ selectedEndingPointS: null });
    expect(withShownSelection(selecting(5, null), [6], [])).toMatchObject({ selectedOffsetS: null });
  });
});
