import { editorReducer, initialEditorState } from './editor-state';
import type { WorkspaceModel } from './use-workspace-model';
import { buildWorkspaceMarkers } from './workspace-markers';

function modelWith(overrides: Partial<WorkspaceModel>): WorkspaceModel {
  return {
    audio: { highlight_start_times_in_ms: [4000] },
    endingPointsS: [10, 20],
    editor: initialEditorState,
    activeBeat: null,
    activeTemplate: null,
    offsetsS: [],
    ...overrides,
  } as unknown as WorkspaceModel;
}

describe('workspace markers', () => {
  it('marks highlights and ending points, and the selected ending point apart', () => {
    const editor = editorReducer(initialEditorState, { type: 'endingPointSelected', pointS: 20 });
    expect(buildWorkspaceMarkers(modelWith({ editor }))).toEqual([
      { timeS: 4, kind: 'highlight', label: 'HL1' },
      { timeS: 10, kind: 'ending-point', label: 'EP1' },
      { timeS: 20, kind: 'selected-ending-point', label: 'EP2' },
    ]);
  });

  it("adds the active beat's offsets, or the active template's boundaries", () => {
    const editor = editorReducer(initialEditorState, { type: 'offsetSelected', offsetS: 6 });
    const beat = buildWorkspaceMarkers(
      modelWith({ editor, activeBeat: {} as never, offsetsS: [5, 6], endingPointsS: [] }),
    );
    expect(beat.slice(1)).toEqual([
      { timeS: 5, kind: 'offset' },
      { timeS: 6, kind: 'selected-offset' },
    ]);
    const template = buildWorkspaceMarkers(
      modelWith({ activeTemplate: {} as never, offsetsS: [4, 7], endingPointsS: [] }),
    );
    expect(template.slice(1)).toEqual([
      { timeS: 4, kind: 'template' },
      { timeS: 7, kind: 'template' },
    ]);
  });
});
