import { ApartmentOutlined } from '@ant-design/icons';
import { type StemTrack, TRACKS_LABEL } from '@curator/shared';
import { AppSelect } from '@curator/shared/ui';
import { Button, Tag } from 'antd';

import type { StemPolling } from '../hooks/use-stem-polling';

export const ORIGINAL_TRACK = 'original';

export type TracksSelectorProps = {
  stems: StemPolling;
  /** Url of the track on the waveform. */
  value: string;
  originalUrl: string | null;
  disabled: boolean;
  onChange: (url: string) => void;
};

function statusColor(status: string): string {
  if (status === 'ready') return 'green';
  return status.includes('fail') ? 'red' : 'blue';
}

/** Tracks: the original and each stem; with the stem request button and its status. */
export function TracksSelector({ stems, value, originalUrl, disabled, onChange }: TracksSelectorProps) {
  const options = [
    ...(originalUrl ? [{ value: originalUrl, label: ORIGINAL_TRACK, title: originalUrl }] : []),
    ...stems.tracks.map((track: StemTrack) => ({ value: track.url, label: track.type, title: track.url })),
  ];
  const canRequest = !stems.isPolling && stems.status !== 'ready';
  return (
    <span className="tracks-selector">
      <label className="control">
        {TRACKS_LABEL}
        <AppSelect
          size="small"
          aria-label={TRACKS_LABEL}
          style={{ width: 130 }}
          value={value || undefined}
          options={options}
          onChange={onChange}
        />
      </label>
      <Button
        size="small"
        title="Separate the audio into stem tracks"
        icon={<ApartmentOutlined />}
        disabled={disabled || !canRequest || !originalUrl}
        onClick={() => void stems.request()}
      >
        Request stems
      </Button>
      {stems.status && (
        <Tag color={statusColor(stems.status)} data-testid="stem-status">
          {stems.status}
        </Tag>
      )}
    </span>
  );
}
