import { SIMILARITY_THRESHOLD_DEFAULT_PERCENT } from '@curator/shared';

import {
  createUndoHistory,
  dropNewest,
  recordEdit,
  takeRedo,
  takeUndo,
  type UndoHistory,
} from '../features/undo/undo-stack';

/** An undoable edit: the state before and after, applied through the same saves as the edit itself. */
export type WorkspaceEdit =
  | { kind: 'offsets'; beatId: string; beforeS: number[]; afterS: number[] }
  | { kind: 'ending-points'; beforeS: number[]; afterS: number[] }
  | { kind: 'rename'; beatId: string; before: string; after: string };

/** What the editor selects (docs/rules.md): one beat or one template; one offset or one ending point. */
export type EditorState = {
  activeBeatId: string | null;
  activeTemplateId: string | null;
  selectedOffsetS: number | null;
  selectedEndingPointS: number | null;
  similarityPercent: number;
  history: UndoHistory<WorkspaceEdit>;
};

export type EditorAction =
  | { type: 'beatActivated'; beatId: string | null }
  | { type: 'templateActivated'; templateId: string | null }
  | { type: 'offsetSelected'; offsetS: number | null }
  | { type: 'endingPointSelected'; pointS: number | null }
  | { type: 'similarityChanged'; percent: number }
  | { type: 'editRecorded'; edit: WorkspaceEdit }
  | { type: 'undoTaken' }
  | { type: 'redoTaken' }
  | { type: 'undoDropped' }
  | { type: 'redoDropped' };

export const initialEditorState: EditorState = {
  activeBeatId: null,
  activeTemplateId: null,
  selectedOffsetS: null,
  selectedEndingPointS: null,
  similarityPercent: SIMILARITY_THRESHOLD_DEFAULT_PERCENT,
  history: createUndoHistory(),
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'beatActivated':
      return {
        ...state,
        activeBeatId: action.beatId,
        activeTemplateId: action.beatId ? null : state.activeTemplateId,
        selectedOffsetS: null,
      };
    case 'templateActivated':
      return {
        ...state,
        activeTemplateId: action.templateId,
        activeBeatId: action.templateId ? null : state.activeBeatId,
        selectedOffsetS: null,
      };
    case 'offsetSelected':
      return {
        ...state,
        selectedOffsetS: action.offsetS,
        selectedEndingPointS: action.offsetS === null ? state.selectedEndingPointS : null,
      };
    case 'endingPointSelected':
      return {
        ...state,
        selectedEndingPointS: action.pointS,
        selectedOffsetS: action.pointS === null ? state.selectedOffsetS : null,
      };
    case 'similarityChanged':
      return { ...state, similarityPercent: action.percent };
    case 'editRecorded':
      return { ...state, history: recordEdit(state.history, action.edit) };
    case 'undoTaken':
      return { ...state, history: takeUndo(state.history)?.history ?? state.history };
    case 'redoTaken':
      return { ...state, history: takeRedo(state.history)?.history ?? state.history };
    case 'undoDropped':
      return { ...state, history: dropNewest(state.history, 'past') };
    case 'redoDropped':
      return { ...state, history: dropNewest(state.history, 'future') };
    default:
      return state;
  }
}

/**
 * The editor with its selected offset and ending point kept only while they are on screen. An undo, a refused save or
 * another editor's change can take a selected point away: a selection of a point that is gone would have Backspace
 * "delete" it (a new edit, which throws the redo away) and the EP Simulator play a range for it. The selection is kept
 * underneath, so a redo that brings the point back shows it selected again.
 */
export function withShownSelection(
  editor: EditorState,
  offsetsS: readonly number[],
  endingPointsS: readonly number[],
): EditorState {
  const selectedOffsetS =
    editor.selectedOffsetS !== null && offsetsS.includes(editor.selectedOffsetS) ? editor.selectedOffsetS : null;
  const selectedEndingPointS =
    editor.selectedEndingPointS !== null && endingPointsS.includes(editor.selectedEndingPointS)
      ? editor.selectedEndingPointS
      : null;
  if (selectedOffsetS === editor.selectedOffsetS && selectedEndingPointS === editor.selectedEndingPointS) return editor;
  return { ...editor, selectedOffsetS, selectedEndingPointS };
}
