import { CaretRightOutlined, MutedOutlined, PauseOutlined, SoundOutlined } from '@ant-design/icons';
import {
  parseOffsetInput,
  PLAYBACK_RATE_DEFAULT,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  PLAYBACK_RATE_STEP,
  PLAYBACK_SPEED_LABEL,
  VOLUME_DEFAULT_PERCENT,
  VOLUME_LABEL,
  VOLUME_MAX_PERCENT,
  VOLUME_MIN_PERCENT,
  ZOOM_DEFAULT_PX_PER_S,
  ZOOM_LABEL,
  ZOOM_MAX_PX_PER_S,
  ZOOM_MIN_PX_PER_S,
} from '@curator/shared';
import type { WaveformController } from '@curator/shared/ui';
import { usePlayheadTime } from '@curator/shared/ui';
import { Button, Input, InputNumber, Slider } from 'antd';
import { useEffect, useState } from 'react';

import { formatSeconds } from '../marker-layout';

/** The playhead as a text input: shows the time while playing, seeks to a typed time on Enter. */
function OffsetInput({ controller }: { controller: WaveformController }) {
  const timeS = usePlayheadTime(controller.clock);
  const [draft, setDraft] = useState<string | null>(null);
  function handleEnter() {
    const parsed = draft === null ? null : parseOffsetInput(draft);
    if (parsed !== null) controller.seek(Math.min(parsed, controller.durationS || parsed));
    setDraft(null);
  }
  return (
    <Input
      size="small"
      aria-label="Offset"
      data-testid="playhead-input"
      style={{ width: 80 }}
      value={draft ?? formatSeconds(timeS)}
      onChange={(e) => setDraft(e.target.value)}
      onPressEnter={handleEnter}
      onBlur={() => setDraft(null)}
      suffix="s"
    />
  );
}

/** Play/pause, mute, Zoom, PlayBack Speed, Volume and the playhead input. */
export function WaveformControls({ controller, disabled }: { controller: WaveformController; disabled: boolean }) {
  const [zoom, setZoom] = useState(ZOOM_DEFAULT_PX_PER_S);
  const [rate, setRate] = useState(PLAYBACK_RATE_DEFAULT);
  const [volume, setVolume] = useState(VOLUME_DEFAULT_PERCENT);
  const [muted, setMuted] = useState(false);
  const { isReady } = controller;
  // A new track starts with the settings the user chose.
  useEffect(() => {
    if (!isReady) return;
    controller.setZoom(zoom);
    controller.setRate(rate);
    controller.setVolume(volume);
    controller.setMuted(muted);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isReady]);

  return (
    <div className="waveform-controls">
      <Button
        size="small"
        type="primary"
        aria-label={controller.isPlaying ? 'Pause' : 'Play'}
        disabled={disabled}
        icon={controller.isPlaying ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={controller.playPause}
      />
      <Button
        size="small"
        title={muted ? 'Unmute' : 'Mute'}
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        disabled={disabled}
        icon={muted ? <MutedOutlined /> : <SoundOutlined />}
        onClick={() => {
          setMuted(!muted);
          controller.setMuted(!muted);
        }}
      />
      <OffsetInput controller={controller} />
      <label className="control">
        {ZOOM_LABEL}
        <Slider
          aria-label={ZOOM_LABEL}
          min={ZOOM_MIN_PX_PER_S}
          max={ZOOM_MAX_PX_PER_S}
          value={zoom}
          style={{ width: 110 }}
          onChange={(v) => {
            setZoom(v);
            controller.setZoom(v);
          }}
        />
      </label>
      <label className="control">
        {PLAYBACK_SPEED_LABEL}
        <InputNumber
          size="small"
          aria-label={PLAYBACK_SPEED_LABEL}
          min={PLAYBACK_RATE_MIN}
          max={PLAYBACK_RATE_MAX}
          step={PLAYBACK_RATE_STEP}
          precision={1}
          value={rate}
          style={{ width: 64 }}
          onChange={(v) => {
            const next = v ?? PLAYBACK_RATE_DEFAULT;
            setRate(next);
            controller.setRate(next);
          }}
        />
      </label>
      <label className="control">
        {VOLUME_LABEL}
        <Slider
          aria-label={VOLUME_LABEL}
          min={VOLUME_MIN_PERCENT}
          max={VOLUME_MAX_PERCENT}
          value={volume}
          style={{ width: 90 }}
          onChange={(v) => {
            setVolume(v);
            controller.setVolume(v);
          }}
        />
      </label>
      <span className="key-legend">
        <kbd>B</kbd> beat <kbd>E</kbd> ending point <kbd>Space</kbd> play <kbd>⌫</kbd> delete <kbd>Ctrl+Z</kbd> undo{' '}
        <kbd>Ctrl+Shift+Z</kbd> redo
      </span>
    </div>
  );
}
