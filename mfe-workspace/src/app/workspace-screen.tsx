import './workspace.css';

import { QuestionCircleOutlined, WarningFilled } from '@ant-design/icons';
import { AUDIO_LOAD_FAILED_TITLE, RETRY_LABEL, useGetWorkspaceAudioQuery } from '@curator/shared';
import { isUnavailable, loadPeaks, loadWaveSurfer, StatusMessage } from '@curator/shared/ui';
import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { WorkspaceEditor } from './workspace-editor';

/** /beats/{id}/: loads the audio, then the editor (remounted per audio). */
export function WorkspaceScreen() {
  const { id = '' } = useParams();
  const { data: audio, isError, error, refetch } = useGetWorkspaceAudioQuery(id, { skip: id === '' });
  // wavesurfer.js downloads while the audio's data is on its way.
  useEffect(() => void loadWaveSurfer(), []);
  // No answer or a server error is no proof the audio is missing: say so, with Retry.
  if (isError && !audio && isUnavailable(error))
    return (
      <StatusMessage
        icon={<WarningFilled />}
        tone="warning"
        title={AUDIO_LOAD_FAILED_TITLE}
        subTitle={id}
        extra={<Button onClick={() => void refetch()}>{RETRY_LABEL}</Button>}
      />
    );
  if (isError && !audio)
    return <StatusMessage icon={<QuestionCircleOutlined />} tone="quiet" title="Audio not found" subTitle={id} />;
  if (!audio) return <Spin className="workspace-loading" />;
  if (performance.getEntriesByName('workspace-audio-loaded').length === 0) performance.mark('workspace-audio-loaded');
  // The peaks load while the editor renders; the waveform takes the same promise.
  if (audio.peaks_url) void loadPeaks(audio.peaks_url);
  return <WorkspaceEditor key={audio.id} audio={audio} />;
}
