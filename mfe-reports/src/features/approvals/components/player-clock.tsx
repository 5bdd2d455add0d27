import type { WaveformControls } from '@curator/shared';
import { Typography } from 'antd';
import { useEffect, useState } from 'react';

/** The playhead in seconds, re-rendered on its own so the table does not redraw while playing. */
export function PlayerClock({ waveform }: { waveform: WaveformControls }) {
  const [timeS, setTimeS] = useState(0);
  const { onTimeUpdate } = waveform;
  useEffect(() => onTimeUpdate(setTimeS), [onTimeUpdate]);
  return (
    <Typography.Text code data-testid="player-time" data-time-s={timeS.toFixed(3)}>
      {timeS.toFixed(2)} s / {waveform.durationS.toFixed(2)} s
    </Typography.Text>
  );
}
