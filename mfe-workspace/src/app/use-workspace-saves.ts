import {
  type Beat,
  type BeatUpdateBody,
  useAppDispatch,
  useRenameBeatMutation,
  useSaveEndingPointsMutation,
  useToggleBeatDoneMutation,
  useUpdateBeatMutation,
  workspaceApi,
} from '@curator/shared';
import { type RootState } from '@curator/shared/kernel';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'react-redux';

/** The full beat as PUT sends it: the version read, and no derived fields (the server recomputes them). */
function toUpdateBody(beat: Beat): BeatUpdateBody {
  return {
    name: beat.name,
    music_canonical_id: beat.music_canonical_id,
    audio_type: beat.audio_type,
    done: beat.done,
    type: beat.type,
    offsets: beat.offsets,
    template_clips_media_id: beat.template_clips_media_id,
    version: beat.version,
  };
}

/**
 * Saves of the workspace: the screen shows an edit at once, saves run one after another per beat
 * (each PUT carries the version the previous one returned), and a refused save reloads what the
 * server holds, dropping the saves queued behind it. The refusal itself is toasted centrally.
 */
export function useWorkspaceSaves(musicCanonicalId: string) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [updateBeat] = useUpdateBeatMutation();
  const [renameBeat] = useRenameBeatMutation();
  const [toggleDone] = useToggleBeatDoneMutation();
  const [saveEps] = useSaveEndingPointsMutation();
  const queues = useRef(new Map<string, { tail: Promise<void>; epoch: number }>());
  // Saves queued or on their way: while there are any, leaving the page (reload, close) asks first.
  const pending = useRef(0);
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent) => {
      if (pending.current > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);

  const readBeat = useCallback(
    (beatId: string) =>
      workspaceApi.endpoints.listBeats
        .select(musicCanonicalId)(store.getState())
        .data?.find((b) => b.id === beatId),
    [musicCanonicalId, store],
  );
  const patchBeats = useCallback(
    (edit: (beats: Beat[]) => void) => dispatch(workspaceApi.util.updateQueryData('listBeats', musicCanonicalId, edit)),
    [dispatch, musicCanonicalId],
  );
  const reloadFromServer = useCallback(
    (what: 'Beat' | 'Audio') => {
      dispatch(workspaceApi.util.invalidateTags([{ type: what, id: musicCanonicalId }]));
    },
    [dispatch, musicCanonicalId],
  );

  /** Runs `save` after the saves queued before it under `key`; a failure drops those queued behind. */
  const enqueue = useCallback((key: string, save: () => Promise<boolean>, onFailure: () => void) => {
    const queue = queues.current.get(key) ?? { tail: Promise.resolve(), epoch: 0 };
    const epoch = queue.epoch;
    pending.current += 1;
    queue.tail = queue.tail
      .then(async () => {
        if (queue.epoch !== epoch) return;
        if (await save()) return;
        queue.epoch += 1;
        onFailure();
      })
      .finally(() => {
        pending.current -= 1;
      });
    queues.current.set(key, queue);
  }, []);

  const saveOffsets = useCallback(
    (beatId: string, offsetsS: number[]) => {
      patchBeats((beats) => {
        const beat = beats.find((b) => b.id === beatId);
        if (beat) beat.offsets = offsetsS;
      });
      enqueue(
        `beat:${beatId}`,
        async () => {
          const beat = readBeat(beatId);
          if (!beat) return false;
          const answer = await updateBeat({ id: beatId, body: toUpdateBody(beat) });
          if ('error' in answer) return false;
          // Later edits (offsets, name, done) may already be on screen: take only the version, and the
          // derived fields when the offsets are still the ones saved.
          patchBeats((beats) => {
            const held = beats.find((b) => b.id === beatId);
            if (!held) return;
            held.version = answer.data.version;
            if (held.offsets.join() !== answer.data.offsets.join()) return;
            held.segments_info = answer.data.segments_info;
            held.starting_point_in_ms = answer.data.starting_point_in_ms;
            held.audio_asset_start_time_in_ms = answer.data.audio_asset_start_time_in_ms;
          });
          return true;
        },
        () => reloadFromServer('Beat'),
      );
    },
    [enqueue, patchBeats, readBeat, reloadFromServer, updateBeat],
  );

  /** Takes the version a save returned, so the next PUT of the beat is not refused as stale. */
  const takeVersion = useCallback(
    (beatId: string, version: number | undefined) => {
      if (version !== undefined)
        patchBeats((beats) => {
          const held = beats.find((b) => b.id === beatId);
          if (held) held.version = version;
        });
    },
    [patchBeats],
  );

  const saveName = useCallback(
    (beatId: string, name: string) => {
      patchBeats((beats) => {
        const beat = beats.find((b) => b.id === beatId);
        if (beat) beat.name = name;
      });
      enqueue(
        `beat:${beatId}`,
        async () => {
          const answer = await renameBeat({ id: beatId, name });
          if ('error' in answer) return false;
          takeVersion(beatId, answer.data.version);
          return true;
        },
        () => reloadFromServer('Beat'),
      );
    },
    [enqueue, patchBeats, reloadFromServer, renameBeat, takeVersion],
  );

  const saveDone = useCallback(
    (beatId: string, done: boolean) => {
      patchBeats((beats) => {
        const beat = beats.find((b) => b.id === beatId);
        if (beat) beat.done = done;
      });
      enqueue(
        `beat:${beatId}`,
        async () => {
          const answer = await toggleDone({ id: beatId, done });
          if ('error' in answer) return false;
          takeVersion(beatId, answer.data.version);
          return true;
        },
        () => reloadFromServer('Beat'),
      );
    },
    [enqueue, patchBeats, reloadFromServer, toggleDone, takeVersion],
  );

  /**
   * Saves the whole list, based on the one on screen before this edit: after the saves queued before it, that is the
   * list the server holds, unless another tab or editor saved since (409: the audio is read again).
   */
  const saveEndingPoints = useCallback(
    (pointsS: number[]) => {
      const basedOn = workspaceApi.endpoints.getWorkspaceAudio.select(musicCanonicalId)(store.getState()).data?.eps;
      dispatch(
        workspaceApi.util.updateQueryData('getWorkspaceAudio', musicCanonicalId, (audio) => {
          audio.eps = pointsS;
        }),
      );
      enqueue(
        'eps',
        async () => !('error' in (await saveEps({ id: musicCanonicalId, ending_points: pointsS, based_on: basedOn }))),
        () => reloadFromServer('Audio'),
      );
    },
    [dispatch, enqueue, musicCanonicalId, reloadFromServer, saveEps, store],
  );

  return useMemo(
    () => ({ saveOffsets, saveName, saveDone, saveEndingPoints }),
    [saveOffsets, saveName, saveDone, saveEndingPoints],
  );
}
