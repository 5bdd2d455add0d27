import { type PeaksFile, PeaksFileSchema } from '@curator/shared';
import { useEffect, useState } from 'react';

/** The precomputed peaks at `url`; null while loading, when absent, or when unreadable (the player then decodes the media). */
export function usePeaksFile(url: string | null | undefined): { peaks: PeaksFile | null; isSettled: boolean } {
  const [state, setState] = useState<{ url: string | null; peaks: PeaksFile | null }>({ url: null, peaks: null });
  useEffect(() => {
    if (!url) return undefined;
    const abort = new AbortController();
    fetch(url, { credentials: 'same-origin', signal: abort.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const parsed = PeaksFileSchema.safeParse(body);
        setState({ url, peaks: parsed.success ? parsed.data : null });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ url, peaks: null });
      });
    return () => abort.abort();
  }, [url]);
  return { peaks: url && state.url === url ? state.peaks : null, isSettled: !url || state.url === url };
}
