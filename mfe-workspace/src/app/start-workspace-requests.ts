import { workspaceApi, workspaceAudioIdOf } from '@curator/shared';
import { loadPeaks, type StartRequests } from '@curator/shared/ui';

/**
 * What the first drawing needs, asked for as soon as the screen's code is here: the audio, then its
 * peaks the moment their address is known, without waiting for the screen to render. The screen's
 * own query and the waveform take these requests over.
 */
export const startWorkspaceRequests: StartRequests = (store, { pathname }) => {
  const id = workspaceAudioIdOf(pathname);
  if (id === null) return;
  store
    .dispatch(workspaceApi.endpoints.getWorkspaceAudio.initiate(id, { subscribe: false }))
    .unwrap()
    .then((audio) => (audio.peaks_url ? loadPeaks(audio.peaks_url) : null))
    .catch(() => undefined); // the screen's own query shows the failure
};
