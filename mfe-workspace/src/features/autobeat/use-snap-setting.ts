import { useCallback, useState } from 'react';

/** Where the last B or typed offset snapped from and to; null when it did not snap. */
export type SnapReport = { fromS: number; toS: number } | null;

export type SnapSetting = {
  on: boolean;
  setOn: (on: boolean) => void;
  last: SnapReport;
  reportSnap: (report: SnapReport) => void;
};

const storageKey = (username: string) => `curator.snap.${username.toLowerCase()}`;

/** The Snap toggle, remembered per user in this browser (localStorage). */
export function useSnapSetting(username: string | undefined): SnapSetting {
  const [on, setOnState] = useState(() => Boolean(username) && localStorage.getItem(storageKey(username!)) === 'on');
  const [last, reportSnap] = useState<SnapReport>(null);
  const setOn = useCallback(
    (next: boolean) => {
      setOnState(next);
      reportSnap(null);
      if (username) localStorage.setItem(storageKey(username), next ? 'on' : 'off');
    },
    [username],
  );
  return { on, setOn, last, reportSnap };
}
