import {
  BEATS_AND_TEMPLATES_TITLE,
  formatLockedBy,
  useAppDispatch,
  useGetTopHlPointQuery,
  workspaceApi,
  type WorkspaceAudio,
} from '@curator/shared';
import { toastPushed } from '@curator/shared/kernel';
import { TagEditor, useShownAfterFirstLook, useWaveform } from '@curator/shared/ui';
import { Alert, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { AutobeatControls } from '../features/autobeat/components/autobeat-controls';
import { useSnapSetting } from '../features/autobeat/use-snap-setting';
import { BeatsTable } from '../features/beats-templates/components/beats-table';
import { NewBeatInput } from '../features/beats-templates/components/new-beat-input';
import { SimilarityInput } from '../features/beats-templates/components/similarity-input';
import { TemplatesTable } from '../features/beats-templates/components/templates-table';
import { EndingPointsTable } from '../features/ending-points/components/ending-points-table';
import { HighlightsTable } from '../features/highlights/components/highlights-table';
import { LockStatus } from '../features/lock/components/lock-status';
import { useAudioLock } from '../features/lock/hooks/use-audio-lock';
import { OffsetsTable } from '../features/offsets/components/offsets-table';
import { TracksSelector } from '../features/stems/components/tracks-selector';
import { useStemPolling } from '../features/stems/hooks/use-stem-polling';
import { AudioTitle } from '../features/title/components/audio-title';
import { WaveformPlayer } from '../features/waveform/components/waveform-player';
import { buildPlatformAudioUrl } from '../lib/platform-links';
import { LiveEpSimulator, LivePreview, LiveSegments } from './live-panels';
import { useBeatActions } from './use-beat-actions';
import { useEditHistory } from './use-edit-history';
import { useTemplateActions } from './use-template-actions';
import { useWorkspaceKeys } from './use-workspace-keys';
import { useWorkspaceModel } from './use-workspace-model';
import { useWorkspaceSaves } from './use-workspace-saves';
import { buildWorkspaceMarkers } from './workspace-markers';

/** The audio workspace (docs/screens.md) for one loaded audio. */
export function WorkspaceEditor({ audio }: { audio: WorkspaceAudio }) {
  const dispatch = useAppDispatch();
  const model = useWorkspaceModel(audio);
  const { editor, dispatchEditor } = model;
  const containerRef = useRef<HTMLDivElement>(null);
  const [trackUrl, setTrackUrl] = useState(audio.media ?? '');
  const stems = useStemPolling(audio.id, audio.stem_status, audio.stem_tracks);
  const peaksUrl = trackUrl === audio.media ? audio.peaks_url : stems.tracks.find((t) => t.url === trackUrl)?.peaks_url;
  const source = useMemo(
    () => (trackUrl ? { mediaUrl: trackUrl, peaksUrl: peaksUrl ?? null } : null),
    [trackUrl, peaksUrl],
  );
  const waveform = useWaveform(containerRef, source);
  const initialHolder =
    audio.locked && audio.locked_by && audio.locked_by !== model.me?.username ? audio.locked_by : null;
  // No waveform is coming: no media, or media that fails to load (beats can still be typed in).
  const isWithoutWaveform = !audio.media || waveform.hasFailed;
  // The editor is ready once its waveform is, or at once when there is none to wait for.
  // Someone else held the lock and could save meanwhile: read the audio, its beats and its templates' approvals again,
  // before writing over them once this editor has the lock (ending points above all, whose save replaces the whole
  // list), and to show their saves while this screen is read-only.
  const readAgain = useCallback(
    () =>
      dispatch(
        workspaceApi.util.invalidateTags([
          { type: 'Audio', id: audio.id },
          { type: 'Beat', id: audio.id },
          { type: 'Template', id: audio.id },
        ]),
      ),
    [dispatch, audio.id],
  );
  const lock = useAudioLock(audio.id, waveform.isReady || isWithoutWaveform, initialHolder, readAgain);
  const { data: topHl } = useGetTopHlPointQuery();
  const saves = useWorkspaceSaves(audio.id);
  const canWrite = useCallback(() => {
    if (!lock.isReadOnly) return true;
    // A write before this editor holds the lock (it is taken once the editor is ready) is refused too; the
    // user is told only when someone else has it.
    if (lock.isLockedByOther) dispatch(toastPushed('error', formatLockedBy(lock.lockedBy ?? '')));
    return false;
  }, [dispatch, lock.isReadOnly, lock.isLockedByOther, lock.lockedBy]);
  const snap = useSnapSetting(model.me?.username);
  const beats = useBeatActions(model, saves, canWrite, snap);
  // Snap remembered on: the onsets come with the audio's (cached) analysis.
  const { loadOnsets, hasOnsets } = beats;
  useEffect(() => {
    if (snap.on && !hasOnsets && audio.media) void loadOnsets();
  }, [snap.on, hasOnsets, audio.media, loadOnsets]);
  const history = useEditHistory(model, saves, canWrite);
  const templates = useTemplateActions(model, beats, canWrite, waveform.play);
  const markers = useMemo(() => buildWorkspaceMarkers(model), [model]);
  const readOnly = lock.isReadOnly;
  // Controls and panels come once the waveform is drawn: drawn at once with it, they were one task of
  // 90-130 ms just after the waveform, in which a press on the waveform or Play waited.
  const showPanels = useShownAfterFirstLook(waveform.isDrawn || isWithoutWaveform);
  useLayoutEffect(() => {
    performance.mark('workspace-editor-committed');
  }, []);

  useWorkspaceKeys({
    // B and E mark the playhead; with no media there is none (offsets can still be typed).
    onBeat: () => {
      if (!isWithoutWaveform) beats.addOffsetFrom(waveform.clock.getTimeS());
    },
    onEndingPoint: () => {
      if (!isWithoutWaveform) history.addEndingPointAt(waveform.clock.getTimeS());
    },
    onPlayPause: waveform.playPause,
    onDelete: () => {
      if (editor.selectedOffsetS !== null && model.activeBeat) beats.deleteOffset(editor.selectedOffsetS);
      else if (editor.selectedEndingPointS !== null) history.deleteEndingPoint(editor.selectedEndingPointS);
    },
    onUndo: history.undo,
    onRedo: history.redo,
  });

  return (
    <section className="workspace" data-testid="workspace" data-read-only={readOnly ? 'true' : 'false'}>
      <header className="workspace-head">
        <AudioTitle audio={audio} platformUrl={buildPlatformAudioUrl(audio.audio_id)} />
        {showPanels && (
          <>
            <TracksSelector
              stems={stems}
              value={trackUrl}
              originalUrl={audio.media}
              disabled={readOnly}
              onChange={setTrackUrl}
            />
            <AutobeatControls
              disabled={readOnly || !audio.media}
              isRunning={beats.isAutobeatRunning}
              lastRun={beats.lastAutobeat}
              onRun={() => void beats.autobeat()}
              onVariant={beats.applyVariant}
              snap={snap}
              onSnapOn={() => void beats.loadOnsets()}
            />
            <LockStatus lock={lock} />
          </>
        )}
      </header>
      {lock.isLockedByOther && (
        <Alert
          type="warning"
          showIcon
          className="read-only-note"
          message={`${formatLockedBy(lock.lockedBy ?? '')}: the workspace is read-only until you Unlock it.`}
        />
      )}
      <WaveformPlayer
        containerRef={containerRef}
        controller={waveform}
        hasMedia={!!audio.media}
        markers={markers}
        showControls={showPanels}
      />
      {showPanels && (
        <div className="workspace-grid">
          <div className="workspace-col">
            <NewBeatInput disabled={readOnly} onCreate={beats.createNamed} />
            <div className="control-row">
              <SimilarityInput
                value={editor.similarityPercent}
                onChange={(percent) => dispatchEditor({ type: 'similarityChanged', percent })}
              />
            </div>
            <div className="control-row">
              <span className="control">Tags</span>
              <TagEditor audioId={audio.id} tags={audio.tags} width={250} />
            </div>
            <LiveEpSimulator waveform={waveform} model={model} />
            <LivePreview waveform={waveform} segments={model.segments} imageUrls={model.imageUrls} />
            <HighlightsTable
              highlightStartTimesMs={audio.highlight_start_times_in_ms}
              defaultHighlightMs={topHl?.audio_asset_start_time_in_ms ?? null}
              onPlay={(t) => waveform.play(t)}
              onSeek={waveform.seek}
            />
          </div>
          <div className="workspace-col workspace-col-wide">
            <Typography.Title level={5} className="panel-title">
              {BEATS_AND_TEMPLATES_TITLE}
            </Typography.Title>
            <BeatsTable
              beats={model.beats}
              activeBeatId={editor.activeBeatId}
              disabled={readOnly}
              onActivate={(beatId) => dispatchEditor({ type: 'beatActivated', beatId })}
              onRename={beats.rename}
              onToggleDone={beats.toggleDone}
              onEpt={(beat) => void beats.runEpt(beat)}
              onDelete={beats.remove}
            />
            <TemplatesTable
              rows={model.templateRows}
              activeTemplateId={editor.activeTemplateId}
              disabled={readOnly}
              onActivate={(templateId) => dispatchEditor({ type: 'templateActivated', templateId })}
              onApprove={templates.approve}
              onPlay={templates.play}
              onDelete={templates.remove}
              onClone={templates.clone}
              onCopyCode={templates.copyCode}
            />
          </div>
          <div className="workspace-col">
            <OffsetsTable
              offsetsS={model.offsetsS}
              hasBeat={model.activeBeat !== null}
              canDelete={model.activeBeat !== null && !readOnly}
              selectedOffsetS={editor.selectedOffsetS}
              onAdd={beats.addOffsetFrom}
              onSelect={(offsetS) => {
                if (model.activeBeat) dispatchEditor({ type: 'offsetSelected', offsetS });
              }}
              onPlay={(t) => waveform.play(t)}
              onSeek={waveform.seek}
              onDelete={beats.deleteOffset}
            />
            <LiveSegments waveform={waveform} segments={model.segments} />
            <EndingPointsTable
              pointsS={model.endingPointsS}
              selectedPointS={editor.selectedEndingPointS}
              disabled={readOnly}
              onSelect={(pointS) => dispatchEditor({ type: 'endingPointSelected', pointS })}
              onPlay={(t) => waveform.play(t)}
              onSeek={waveform.seek}
              onDelete={history.deleteEndingPoint}
            />
          </div>
        </div>
      )}
    </section>
  );
}
