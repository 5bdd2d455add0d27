import { usePlayheadTime, type WaveformController } from '@curator/shared/ui';
import { Typography } from 'antd';

/** The playhead in seconds, re-rendered on its own so the table does not redraw while playing. */
export function PlayerClock({ waveform }: { waveform: WaveformController }) {
  const timeS = usePlayheadTime(waveform.clock);
  return (
    <Typography.Text code data-testid="player-time" data-time-s={timeS.toFixed(3)}>
      {timeS.toFixed(2)} s / {waveform.durationS.toFixed(2)} s
    </Typography.Text>
  );
}
