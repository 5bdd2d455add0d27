import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { type ApprovalDetail, NO_MEDIA_MESSAGE, type PlayerMarker } from '@curator/shared';
import { type WaveformController } from '@curator/shared/ui';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import type { RefObject } from 'react';

import { MarkerOverlay } from './marker-overlay';
import { PlayerClock } from './player-clock';

type ApprovalPlayerProps = {
  containerRef: RefObject<HTMLDivElement | null>;
  detail: ApprovalDetail | undefined;
  markers: PlayerMarker[];
  waveform: WaveformController;
  isLoading: boolean;
  hasNoMedia: boolean;
  onPlayRange: () => void;
};

/** The waveform of the selected row with its S, B1…, E markers; Space or the button plays S→E. */
export function ApprovalPlayer({
  containerRef,
  detail,
  markers,
  waveform,
  isLoading,
  hasNoMedia,
  onPlayRange,
}: ApprovalPlayerProps) {
  const first = markers[0];
  const last = markers[markers.length - 1];
  return (
    <div className="approval-player" data-testid="approval-player" data-ready={waveform.isReady ? 'true' : 'false'}>
      <Space className="approval-player-caption" size="middle" wrap>
        <Button
          size="small"
          type="primary"
          aria-label={waveform.isPlaying ? 'Pause' : 'Play S to E'}
          icon={waveform.isPlaying ? <PauseOutlined /> : <CaretRightOutlined />}
          disabled={!waveform.isReady || markers.length < 2}
          onClick={waveform.isPlaying ? waveform.pause : onPlayRange}
        />
        {detail ? (
          <Typography.Text strong data-testid="player-title">
            {detail.audio_name} — {detail.artist_name} ({detail.src})
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">Click a row to load it here; Space plays from S to E.</Typography.Text>
        )}
        {waveform.isReady && <PlayerClock waveform={waveform} />}
        {first && last && (
          <Typography.Text type="secondary" data-testid="player-range">
            S {first.timeS} s → E {last.timeS} s, {markers.length - 1} segments
          </Typography.Text>
        )}
        {isLoading && <Spin size="small" />}
      </Space>
      {hasNoMedia && <Alert type="warning" showIcon message={NO_MEDIA_MESSAGE} />}
      <div className="approval-waveform-frame" hidden={hasNoMedia}>
        <div ref={containerRef} className="approval-waveform" data-testid="approval-waveform" />
        {waveform.isReady && <MarkerOverlay markers={markers} durationS={waveform.durationS} />}
      </div>
    </div>
  );
}
