import type { RemoteDefinition } from '@curator/shared';
import { useEffect, useState } from 'react';

import { loadRemoteMap } from './screen-registry';

/** The remote map once it is known (at once when the page came with it). */
export function useRemoteMap(): RemoteDefinition[] {
  const [remotes, setRemotes] = useState<RemoteDefinition[]>([]);
  useEffect(() => {
    let live = true;
    loadRemoteMap()
      .then((map) => live && setRemotes(map))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return remotes;
}
