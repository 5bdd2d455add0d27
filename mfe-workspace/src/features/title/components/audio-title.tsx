import { ExportOutlined } from '@ant-design/icons';
import { type AudioDetail, deriveAudioType } from '@curator/shared';
import { Tag, Typography } from 'antd';

/** Audio name, artist, audio type and the platform link. */
export function AudioTitle({ audio, platformUrl }: { audio: AudioDetail; platformUrl: string }) {
  return (
    <div className="audio-title">
      <Typography.Title level={4} className="audio-title-name">
        {audio.audio_name || audio.id}
      </Typography.Title>
      <span className="audio-title-artist">{audio.artist_name}</span>
      <Tag color={audio.is_original_sound ? 'gold' : 'geekblue'} data-testid="audio-type">
        {deriveAudioType(audio.is_original_sound)}
      </Tag>
      <a href={platformUrl} target="_blank" rel="noreferrer noopener" aria-label="open on the platform">
        <ExportOutlined />
      </a>
    </div>
  );
}
