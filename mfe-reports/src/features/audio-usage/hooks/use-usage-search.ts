import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { buildSearch, readSkip } from '../../../lib/search-params';
import { readUsageWindow, type UsageWindowDays } from '../usage-window';

const PATH = '/audio-usage/';

/** The window and skip live in the URL, so back and reload keep them. */
export function useUsageSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const text = params.toString();
  const { days, skip } = useMemo(() => {
    const p = new URLSearchParams(text);
    return { days: readUsageWindow(p), skip: readSkip(p) };
  }, [text]);
  const go = (next: UsageWindowDays, nextSkip: number) =>
    navigate(`${PATH}${buildSearch({ from: next.from, to: next.to, skip: nextSkip || undefined })}`);
  return {
    days,
    skip,
    searchText: text,
    applyWindow: (next: UsageWindowDays) => go(next, 0),
    goToSkip: (nextSkip: number) => go(days, nextSkip),
    clearWindow: () => navigate(PATH),
  };
}
