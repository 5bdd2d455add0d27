import {
  type ApprovalRow,
  deriveApprovalMarkers,
  type PlayerMarker,
  useGetApprovalDetailQuery,
  useGetReportAudioQuery,
} from '@curator/shared';
import { useWaveform, type WaveformSource } from '@curator/shared/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';

import { approvalKey } from '../components/approvals-table';
import { useSpaceKey } from './use-space-key';

export type ApprovalSelection = Pick<ApprovalRow, 'src' | 'id' | 'music_canonical_id'>;

/** The row loaded into the player: its media, peaks and S/B1…/E markers; Space plays S→E. */
export function useApprovalPlayer(containerRef: RefObject<HTMLElement | null>) {
  const [selection, setSelection] = useState<ApprovalSelection | null>(null);
  /** The row ▶ was pressed on, played from S to E once its own waveform is ready. */
  const playWhenReady = useRef<string | null>(null);
  const detail = useGetApprovalDetailQuery(selection ? { src: selection.src, id: selection.id } : skipToken);
  const audio = useGetReportAudioQuery(selection?.music_canonical_id ?? skipToken);
  const current =
    selection && detail.currentData?.id === selection.id && detail.currentData.src === selection.src
      ? detail.currentData
      : undefined;

  const markers: PlayerMarker[] = useMemo(
    () =>
      current
        ? deriveApprovalMarkers({
            startMs: current.audio_asset_start_time_in_ms,
            segmentDurationsMs: current.segments_info.map((s) => s.duration_in_ms),
          })
        : [],
    [current],
  );
  const source: WaveformSource | null = useMemo(
    () =>
      current?.media && audio.currentData
        ? { mediaUrl: current.media, peaksUrl: audio.currentData.peaks_url ?? null }
        : null,
    [current, audio.currentData],
  );
  const waveform = useWaveform(containerRef, source, { timeline: false });
  const range = useMemo(
    () => (markers.length >= 2 ? { fromS: markers[0].timeS, toS: markers[markers.length - 1].timeS } : null),
    [markers],
  );

  const playRange = () => {
    if (range) waveform.play(range.fromS, range.toS);
  };

  // `isReady` is about the media of the current row only, and `range` about the current row.
  useEffect(() => {
    if (waveform.isReady && range && current && playWhenReady.current === approvalKey(current)) {
      playWhenReady.current = null;
      waveform.play(range.fromS, range.toS);
    }
  }, [waveform, range, current]);

  useSpaceKey(
    () => {
      if (waveform.isPlaying) waveform.pause();
      else playRange();
    },
    Boolean(range && waveform.isReady),
  );

  return {
    selection,
    detail: current,
    markers,
    waveform,
    isLoading: Boolean(selection) && (!current || (Boolean(current.media) && !waveform.isReady)),
    hasNoMedia: Boolean(current && !current.media),
    load: (row: ApprovalSelection) => {
      playWhenReady.current = null;
      setSelection({ src: row.src, id: row.id, music_canonical_id: row.music_canonical_id });
    },
    /** Loads the row (whatever was loaded before) and plays its S→E range once its waveform is ready. */
    loadAndPlay: (row: ApprovalSelection) => {
      if (current && approvalKey(current) === approvalKey(row) && waveform.isReady) playRange();
      else {
        playWhenReady.current = approvalKey(row);
        setSelection({ src: row.src, id: row.id, music_canonical_id: row.music_canonical_id });
      }
    },
    playRange,
    clear: () => {
      playWhenReady.current = null;
      setSelection(null);
    },
  };
}
