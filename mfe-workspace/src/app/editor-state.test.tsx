import { editorReducer, initialEditorState } from './editor-state';

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
