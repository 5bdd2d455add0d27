import { ThunderboltOutlined } from '@ant-design/icons';
import { AUTOBEAT_BUTTON, type AutobeatAnswer } from '@curator/shared';
import { Button, Space } from 'antd';

import { describeVariantTempo, type TempoVariant } from '../tempo-variants';

export type AutobeatControlsProps = {
  disabled: boolean;
  isRunning: boolean;
  /** The last autobeat answer of this visit, to offer its tempo alternatives. */
  lastRun: AutobeatAnswer | null;
  onRun: () => void;
  onVariant: (variant: TempoVariant) => void;
};

/** Autobeat, then ×0.5 / ×2 for the tempo octave errors beat trackers are known for. */
export function AutobeatControls({ disabled, isRunning, lastRun, onRun, onVariant }: AutobeatControlsProps) {
  const variant = (kind: TempoVariant, label: string) => {
    const bpm = lastRun ? describeVariantTempo(lastRun.tempo_bpm, lastRun.tempo_alternatives_bpm, kind) : null;
    return (
      <Button
        size="small"
        disabled={disabled}
        onClick={() => onVariant(kind)}
        title={
          kind === 'half'
            ? 'Keep every 2nd beat of the automated beat'
            : 'Add a beat between each two of the automated beat'
        }
      >
        {label}
        {bpm !== null ? ` (${bpm} BPM)` : ''}
      </Button>
    );
  };
  return (
    <Space size={4}>
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
          {variant('half', '×0.5')}
          {variant('double', '×2')}
        </>
      )}
    </Space>
  );
}
