import {
  isStemStatusTerminal,
  STEM_POLL_INTERVAL_MS,
  type StemTrack,
  useGetStemStatusQuery,
  useRequestStemsMutation,
} from '@curator/shared';
import { useEffect, useState } from 'react';

export type StemPolling = {
  status: string | null;
  tracks: StemTrack[];
  isPolling: boolean;
  request: () => Promise<void>;
};

/**
 * Stem separation: a request, then the status every STEM_POLL_INTERVAL_MS until it is 'ready' or
 * contains 'fail'. A failed reading is logged (by the endpoint) and stops the polling.
 */
export function useStemPolling(audioId: string, initialStatus: string | null, initialTracks: StemTrack[]): StemPolling {
  const [requestStems] = useRequestStemsMutation();
  const [isPolling, setPolling] = useState(() => initialStatus !== null && !isStemStatusTerminal(initialStatus));
  const { data } = useGetStemStatusQuery(audioId, {
    skip: !isPolling,
    pollingInterval: isPolling ? STEM_POLL_INTERVAL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const [requested, setRequested] = useState<string | null>(null);

  useEffect(() => {
    if (!isPolling || !data) return;
    if (data.requestError || isStemStatusTerminal(data.stem_status)) setPolling(false);
  }, [data, isPolling]);

  async function request() {
    const answer = await requestStems(audioId);
    if ('error' in answer) return;
    setRequested(answer.data.stem_status);
    setPolling(!isStemStatusTerminal(answer.data.stem_status));
  }

  const reading = data && !data.requestError ? data : null;
  return {
    status: reading?.stem_status ?? requested ?? initialStatus,
    tracks: reading?.stem_tracks ?? initialTracks,
    isPolling,
    request,
  };
}
