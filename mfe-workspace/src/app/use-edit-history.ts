import {
  addEndingPoint,
  REDO_OUTDATED_MESSAGE,
  removeEndingPoint,
  roundSeconds,
  UNDO_OUTDATED_MESSAGE,
  useAppDispatch,
} from '@curator/shared';
import { toastPushed } from '@curator/shared/kernel';

import type { WorkspaceEdit } from './editor-state';
import type { WorkspaceModel } from './use-workspace-model';
import type { useWorkspaceSaves } from './use-workspace-saves';

/** Ending points (E, Backspace, the table) and undo/redo of offset, ending-point and rename edits. */
export function useEditHistory(
  model: WorkspaceModel,
  saves: ReturnType<typeof useWorkspaceSaves>,
  canWrite: () => boolean,
) {
  const dispatch = useAppDispatch();
  const { endingPointsS, editor, dispatchEditor } = model;

  const setEndingPoints = (afterS: number[]) => {
    dispatchEditor({ type: 'editRecorded', edit: { kind: 'ending-points', beforeS: endingPointsS, afterS } });
    saves.saveEndingPoints(afterS);
  };

  const sameList = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  /**
   * Whether the screen still shows `side` of the edit. Only then do undo and redo move it to the other side: EPT or a
   * tempo variant may have rewritten the beat since, and writing back the edit's copy would throw that away.
   */
  const shows = (edit: WorkspaceEdit, side: 'before' | 'after') => {
    if (edit.kind === 'ending-points') return sameList(endingPointsS, side === 'before' ? edit.beforeS : edit.afterS);
    const beat = model.beats.find((b) => b.id === edit.beatId);
    if (!beat) return false;
    if (edit.kind === 'offsets') return sameList(beat.offsets, side === 'before' ? edit.beforeS : edit.afterS);
    return beat.name === (side === 'before' ? edit.before : edit.after);
  };

  /** Moves the screen (and the server) to one side of an edit. */
  const apply = (edit: WorkspaceEdit, side: 'before' | 'after') => {
    if (edit.kind === 'offsets') saves.saveOffsets(edit.beatId, side === 'before' ? edit.beforeS : edit.afterS);
    else if (edit.kind === 'ending-points') saves.saveEndingPoints(side === 'before' ? edit.beforeS : edit.afterS);
    else saves.saveName(edit.beatId, side === 'before' ? edit.before : edit.after);
  };

  return {
    addEndingPointAt: (timeS: number) => {
      if (!canWrite()) return;
      const added = addEndingPoint(endingPointsS, timeS);
      if (!added.ok) return void dispatch(toastPushed('error', added.error));
      setEndingPoints(added.value);
      // The point just added is the selected one, as B's offset is: Backspace takes back what E made.
      dispatchEditor({ type: 'endingPointSelected', pointS: roundSeconds(timeS) });
    },
    deleteEndingPoint: (pointS: number) => {
      if (!canWrite()) return;
      setEndingPoints(removeEndingPoint(endingPointsS, pointS));
      if (editor.selectedEndingPointS === pointS) dispatchEditor({ type: 'endingPointSelected', pointS: null });
    },
    undo: () => {
      const entry = editor.history.past[editor.history.past.length - 1];
      if (!entry || !canWrite()) return;
      if (!shows(entry, 'after')) {
        dispatchEditor({ type: 'undoDropped' });
        return void dispatch(toastPushed('error', UNDO_OUTDATED_MESSAGE));
      }
      apply(entry, 'before');
      dispatchEditor({ type: 'undoTaken' });
    },
    redo: () => {
      const entry = editor.history.future[editor.history.future.length - 1];
      if (!entry || !canWrite()) return;
      if (!shows(entry, 'before')) {
        dispatchEditor({ type: 'redoDropped' });
        return void dispatch(toastPushed('error', REDO_OUTDATED_MESSAGE));
      }
      apply(entry, 'after');
      dispatchEditor({ type: 'redoTaken' });
    },
  };
}
