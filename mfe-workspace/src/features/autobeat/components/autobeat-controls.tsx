import { ThunderboltOutlined } from '@ant-design/icons';
import { AUTOBEAT_BUTTON, type AutobeatAnswer, type TempoVariantAnswer } from '@curator/shared';
import { Button, Checkbox, Space } from 'antd';

import { formatTempoFactor } from '../tempo-variants';
import type { SnapSetting } from '../use-snap-setting';

export type AutobeatControlsProps = {
  disabled: boolean;
  isRunning: boolean;
  /** The last autobeat answer of this visit, to offer its tempo variants. */
  lastRun: AutobeatAnswer | null;
  onRun: () => void;
  onVariant: (variant: TempoVariantAnswer) => void;
  snap: SnapSetting;
  /** Turning Snap on fetches the audio's onsets when this visit has none yet. */
  onSnapOn: () => void;
};

/**
 * Autobeat; the detected tempo in BPM; the other metrical levels the tracker offers (×0.5, ×2, ×2/3,
 * ×3/2, and last ×3/4, ×4/3) ranked by its confidence, each with its BPM; and Snap.
 */
export function AutobeatControls({
  disabled,
  isRunning,
  lastRun,
  onRun,
  onVariant,
  snap,
  onSnapOn,
}: AutobeatControlsProps) {
  const others = lastRun?.variants.slice(1) ?? [];
  return (
    <Space size={4} wrap>
      <Button size="small" icon={<ThunderboltOutlined />} loading={isRunning} disabled={disabled} onClick={onRun}>
        {AUTOBEAT_BUTTON}
      </Button>
      {lastRun && (
        <>
          {lastRun.tempo_bpm !== null && (
            <span className="muted" data-testid="autobeat-tempo">
              {Math.round(lastRun.tempo_bpm)} BPM
            </span>
          )}
          {others.map((variant) => (
            <Button
              key={variant.factor}
              size="small"
              disabled={disabled}
              data-testid="tempo-variant"
              onClick={() => onVariant(variant)}
              title={`Replace the automated beat with the beat at ${Math.round(variant.bpm)} BPM (confidence ${Math.round(variant.confidence * 100)} %)`}
            >
              {`${formatTempoFactor(variant.factor)} (${Math.round(variant.bpm)} BPM)`}
            </Button>
          ))}
        </>
      )}
      <Checkbox
        checked={snap.on}
        disabled={disabled}
        data-testid="snap-toggle"
        onChange={(e) => {
          snap.setOn(e.target.checked);
          if (e.target.checked) onSnapOn();
        }}
      >
        Snap
      </Checkbox>
      {snap.on && snap.last && (
        <span className="muted" data-testid="snap-status">
          {`snapped ${snap.last.fromS.toFixed(2)} → ${snap.last.toS.toFixed(2)} s`}
        </span>
      )}
    </Space>
  );
}
