import { CaretRightOutlined } from '@ant-design/icons';
import {
  EP_SIMULATOR_PADDING_LABEL,
  EP_SIMULATOR_SEGMENTS_LABEL,
  EP_SIMULATOR_TITLE,
  FROM_LABEL,
  type PlayRange,
  TO_LABEL,
} from '@curator/shared';
import { Button, InputNumber } from 'antd';

export type EpSimulatorProps = {
  segmentCount: number;
  paddingS: number;
  /** What play plays (deriveEpSimulation), or null without an ending point. */
  range: PlayRange | null;
  onSegmentCount: (count: number) => void;
  onPadding: (paddingS: number) => void;
  onPlay: (range: PlayRange) => void;
};

/** EP Simulator: N segments before the ending point, plus padding after it. */
export function EpSimulator({ segmentCount, paddingS, range, onSegmentCount, onPadding, onPlay }: EpSimulatorProps) {
  return (
    <div className="panel ep-simulator" data-testid="ep-simulator">
      <div className="panel-head">
        <span className="panel-title">{EP_SIMULATOR_TITLE}</span>
      </div>
      <div className="ep-simulator-row">
        <label className="control">
          {EP_SIMULATOR_SEGMENTS_LABEL}
          <InputNumber
            size="small"
            aria-label={EP_SIMULATOR_SEGMENTS_LABEL}
            min={0}
            max={100}
            value={segmentCount}
            style={{ width: 56 }}
            onChange={(v) => onSegmentCount(v ?? 0)}
          />
        </label>
        <label className="control">
          {EP_SIMULATOR_PADDING_LABEL}
          <InputNumber
            size="small"
            aria-label={EP_SIMULATOR_PADDING_LABEL}
            min={0}
            max={30}
            step={0.5}
            value={paddingS}
            style={{ width: 60 }}
            onChange={(v) => onPadding(v ?? 0)}
          />
        </label>
      </div>
      <div className="ep-simulator-row">
        <span data-testid="ep-sim-range">
          {FROM_LABEL} {range ? range.fromS.toFixed(2) : '—'} {TO_LABEL} {range ? range.toS.toFixed(2) : '—'}
        </span>
        <Button
          size="small"
          aria-label="play ep simulation"
          icon={<CaretRightOutlined />}
          disabled={!range}
          onClick={() => range && onPlay(range)}
        />
      </div>
    </div>
  );
}
