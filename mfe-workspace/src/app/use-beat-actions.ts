import {
  addOffset,
  AUTOBEAT_BEAT_NAME,
  type AutobeatAnswer,
  type Beat,
  type BeatType,
  buildEpBeats,
  deriveAudioType,
  deriveSegments,
  isBeforeFirstHighlight,
  isPastEnd,
  NameSchema,
  planEptRun,
  removeOffset,
  snapToOnset,
  type TempoVariantAnswer,
  useAppDispatch,
  useCreateBeatMutation,
  useDeleteBeatMutation,
  useRunAutobeatMutation,
  validateOffset,
} from '@curator/shared';
import { toastPushed } from '@curator/shared/kernel';
import { useCallback, useRef, useState } from 'react';

import type { SnapSetting } from '../features/autobeat/use-snap-setting';
import type { WorkspaceModel } from './use-workspace-model';
import type { useWorkspaceSaves } from './use-workspace-saves';

type Saves = ReturnType<typeof useWorkspaceSaves>;

/** Beat edits: create, offsets, rename, done, EPT, autobeat, delete. `canWrite` toasts and refuses while read-only. */
export function useBeatActions(model: WorkspaceModel, saves: Saves, canWrite: () => boolean, snap: SnapSetting) {
  const dispatch = useAppDispatch();
  const [createBeat] = useCreateBeatMutation();
  const [deleteBeat] = useDeleteBeatMutation();
  const [runAutobeat, { isLoading: isAutobeatRunning }] = useRunAutobeatMutation();
  const [lastAutobeat, setLastAutobeat] = useState<AutobeatAnswer | null>(null);
  const [onsets, setOnsets] = useState<readonly number[] | null>(null);
  const { audio, beats, activeBeat, editor, dispatchEditor, rules } = model;
  // An offset past the audio's end is refused (its length is known once its media is analysed).
  const durationS = audio.duration_s;
  const toast = useCallback((kind: 'error' | 'info', text: string) => dispatch(toastPushed(kind, text)), [dispatch]);

  const create = async (name: string, type: BeatType, offsets: number[], extra: Partial<Beat> = {}) => {
    // What the create call carries: the workspace's start time always, a clone's segments as well.
    const derived = deriveSegments({ offsetsS: offsets, ...rules });
    const clone = extra.template_clips_media_id
      ? {
          template_clips_media_id: extra.template_clips_media_id,
          segments_info: derived.segments_info,
          starting_point_in_ms: derived.starting_point_in_ms,
        }
      : {};
    const answer = await createBeat({
      name,
      type,
      offsets,
      music_canonical_id: audio.id,
      audio_type: deriveAudioType(audio.is_original_sound),
      done: false,
      audio_asset_start_time_in_ms: derived.audio_asset_start_time_in_ms,
      ...clone,
    });
    if ('data' in answer && answer.data) dispatchEditor({ type: 'beatActivated', beatId: answer.data.id });
    return 'data' in answer ? answer.data : undefined;
  };

  const setOffsets = (beat: Beat, afterS: number[]) => {
    dispatchEditor({
      type: 'editRecorded',
      edit: { kind: 'offsets', beatId: beat.id, beforeS: [...beat.offsets], afterS },
    });
    saves.saveOffsets(beat.id, afterS);
  };

  /**
   * B or the typed field: the offset rules (docs/rules.md), then the offset is added and saved; with
   * Snap on, it lands on the nearest onset within 60 ms (when that place passes the rules too).
   */
  const addOffsetFrom = (input: number | string) => {
    const checked = validateOffset({ input, hasSelectedBeat: activeBeat !== null, ...rules, durationS });
    if (!checked.ok) return toast('error', checked.error);
    if (!activeBeat || !canWrite()) return undefined;
    let offsetS = checked.value;
    if (snap.on && onsets) {
      const snapped = snapToOnset(offsetS, onsets);
      const recheck = validateOffset({ input: snapped.timeS, hasSelectedBeat: true, ...rules, durationS });
      if (snapped.snapped && recheck.ok) offsetS = recheck.value;
      snap.reportSnap(snapped.snapped && recheck.ok ? { fromS: checked.value, toS: offsetS } : null);
    }
    const afterS = addOffset(activeBeat.offsets, offsetS);
    if (afterS.length !== activeBeat.offsets.length) setOffsets(activeBeat, afterS);
    dispatchEditor({ type: 'offsetSelected', offsetS });
    return undefined;
  };

  const deleteOffset = (offsetS: number) => {
    if (!activeBeat || !canWrite()) return;
    setOffsets(activeBeat, removeOffset(activeBeat.offsets, offsetS));
    if (editor.selectedOffsetS === offsetS) dispatchEditor({ type: 'offsetSelected', offsetS: null });
  };

  /** A typed beat name checked as the server checks it; a refused one is told (toast) and null is returned. */
  const checkName = (typed: string): string | null => {
    const checked = NameSchema.safeParse(typed);
    if (checked.success) return checked.data;
    toast('error', checked.error.issues[0].message);
    return null;
  };

  /** Renames a beat; false when the name is refused, so that its editor stays open to mend it. */
  const rename = (beatId: string, typed: string): boolean => {
    const name = checkName(typed);
    if (name === null) return false;
    const beat = beats.find((b) => b.id === beatId);
    if (!beat || beat.name === name || !canWrite()) return true;
    dispatchEditor({ type: 'editRecorded', edit: { kind: 'rename', beatId, before: beat.name, after: name } });
    saves.saveName(beatId, name);
    return true;
  };

  const runEpt = async (beat: Beat) => {
    if (!canWrite()) return;
    const made = buildEpBeats({
      beat: { name: beat.name, offsetsS: beat.offsets },
      endingPointsS: audio.eps,
      ...rules,
    });
    if (!made.ok) return void toast('info', made.error);
    // The beat's ep beats become exactly this run's: a re-run after moving an ending point leaves no stale one.
    const plan = planEptRun(beats, beat.name, made.value);
    for (const { beat: epBeat, offsetsS } of plan.update) saves.saveOffsets(epBeat.id, offsetsS);
    for (const stale of plan.remove) {
      if (stale.id === editor.activeBeatId) dispatchEditor({ type: 'beatActivated', beatId: null });
      void deleteBeat({ id: stale.id, musicCanonicalId: audio.id });
    }
    for (const epBeat of plan.create) await create(epBeat.name, 'ep', epBeat.offsetsS);
    toast('info', `EPT: ${made.value.length} of ${audio.eps.length} ending points made a beat`);
  };

  /**
   * The offset rules hold for the tracker's beats too: beats at or before the first highlight (music), or past the
   * audio's end, are left out.
   */
  const keepWithinRules = (offsets: readonly number[]) =>
    offsets.filter(
      (o) => !isBeforeFirstHighlight(o, rules.isOriginalSound, rules.highlightStartTimesMs) && !isPastEnd(o, durationS),
    );

  const autobeat = async () => {
    if (!canWrite()) return;
    const answer = await runAutobeat(audio.id);
    if (!('data' in answer) || !answer.data) return;
    setLastAutobeat(answer.data);
    setOnsets(answer.data.onsets);
    await create(AUTOBEAT_BEAT_NAME, 'auto', keepWithinRules(answer.data.offsets));
  };

  /** A tempo variant replaces the automated beat's offsets with the tracker's beats at that level, in one undoable step. */
  const applyVariant = (variant: TempoVariantAnswer) => {
    const target = activeBeat?.type === 'auto' ? activeBeat : [...beats].reverse().find((b) => b.type === 'auto');
    if (!target || !canWrite()) return;
    dispatchEditor({ type: 'beatActivated', beatId: target.id });
    setOffsets(target, keepWithinRules(variant.offsets));
  };

  /** Snap needs the onsets: the cached autobeat analysis of the audio brings them (no beat is made). */
  const onsetsAsked = useRef(false);
  const loadOnsets = useCallback(async () => {
    if (onsetsAsked.current) return;
    onsetsAsked.current = true;
    const answer = await runAutobeat(audio.id);
    if ('data' in answer && answer.data) setOnsets(answer.data.onsets);
    else onsetsAsked.current = false;
  }, [runAutobeat, audio.id]);

  return {
    isAutobeatRunning,
    lastAutobeat,
    addOffsetFrom,
    deleteOffset,
    rename,
    runEpt,
    autobeat,
    applyVariant,
    loadOnsets,
    hasOnsets: onsets !== null,
    setOffsets,
    /** A typed name is checked here as the server would; a blank one is the server's to give (beat#N, unique). */
    createNamed: async (typed: string) => {
      if (!canWrite()) return false;
      const name = typed.trim() === '' ? '' : checkName(typed);
      return name !== null && (await create(name, 'manual', [])) !== undefined;
    },
    createFrom: create,
    toggleDone: (beatId: string, done: boolean) => {
      if (canWrite()) saves.saveDone(beatId, done);
    },
    remove: (beatId: string) => {
      if (!canWrite()) return;
      if (beatId === editor.activeBeatId) dispatchEditor({ type: 'beatActivated', beatId: null });
      void deleteBeat({ id: beatId, musicCanonicalId: audio.id });
    },
  };
}
