import { deriveEpSimulation, findSegmentIndex, type PlayRange, type Segment } from '@curator/shared';
import type { WaveformController } from '@curator/shared/ui';
import { usePlayheadTime } from '@curator/shared/ui';
import { useState } from 'react';

import { EpSimulator } from '../features/ep-simulator/components/ep-simulator';
import { PreviewImage } from '../features/preview/components/preview-image';
import { SegmentsTable } from '../features/segments/components/segments-table';
import type { WorkspaceModel } from './use-workspace-model';

// Panels that follow the playhead; only they re-render while the audio plays.

export function LivePreview({
  waveform,
  segments,
  imageUrls,
}: {
  waveform: WaveformController;
  segments: readonly Segment[];
  imageUrls: readonly string[];
}) {
  const timeS = usePlayheadTime(waveform.clock);
  return <PreviewImage imageUrls={imageUrls} segmentIndex={findSegmentIndex(segments, timeS)} />;
}

export function LiveSegments({ waveform, segments }: { waveform: WaveformController; segments: readonly Segment[] }) {
  const timeS = usePlayheadTime(waveform.clock);
  return (
    <SegmentsTable
      segments={segments}
      currentIndex={findSegmentIndex(segments, timeS)}
      onPlay={waveform.play}
      onLoop={waveform.playLoop}
      onSeek={waveform.seek}
    />
  );
}

export function LiveEpSimulator({ waveform, model }: { waveform: WaveformController; model: WorkspaceModel }) {
  const timeS = usePlayheadTime(waveform.clock);
  const [segmentCount, setSegmentCount] = useState(2);
  const [paddingS, setPaddingS] = useState(1);
  const range = deriveEpSimulation({
    endingPointsS: model.endingPointsS,
    selectedEndingPointS: model.editor.selectedEndingPointS,
    playheadS: timeS,
    boundariesS: model.offsetsS,
    startS: model.startS,
    segmentCount,
    paddingS,
  });
  return (
    <EpSimulator
      segmentCount={segmentCount}
      paddingS={paddingS}
      range={range}
      onSegmentCount={setSegmentCount}
      onPadding={setPaddingS}
      onPlay={(r: PlayRange) => waveform.play(r.fromS, r.toS)}
    />
  );
}
