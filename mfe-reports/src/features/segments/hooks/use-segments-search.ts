import type { SegmentStatsMode } from '@curator/shared';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { buildSearch } from '../../../lib/search-params';
import { readSegmentsSearch, type SegmentFilters } from '../segments-search';

const PATH = '/segments/';

/** Switch position and filters live in the URL, so back and reload keep them. */
export function useSegmentsSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const text = params.toString();
  const { mode, filters } = useMemo(() => readSegmentsSearch(new URLSearchParams(text)), [text]);
  const go = (nextMode: SegmentStatsMode, next: SegmentFilters) =>
    navigate(`${PATH}${buildSearch({ mode: nextMode === 'approved' ? 'approved' : undefined, ...next })}`);
  return {
    mode,
    filters,
    searchText: text,
    switchMode: (next: SegmentStatsMode) => go(next, filters),
    applyFilters: (next: SegmentFilters) => go(mode, next),
    clearFilters: () => go(mode, {}),
  };
}
