import {
  AUDIO_LIST_PATH as LIST_PATH,
  type AudioFilters,
  buildAudioListSearch,
  parseAudioListSearch,
} from '@curator/shared';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

function pathFor(filters: AudioFilters, skip: number): string {
  const search = buildAudioListSearch(filters, skip).toString();
  return search === '' ? LIST_PATH : `${LIST_PATH}?${search}`;
}

/** The list's filters and skip live in the URL; every change is a history entry, so back and reload keep them. */
export function useAudioListSearch() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const searchText = searchParams.toString();
  const { filters, skip, unreadBounds } = useMemo(
    () => parseAudioListSearch(new URLSearchParams(searchText)),
    [searchText],
  );

  return {
    filters,
    skip,
    /** Bounds of the address that are not counts (a hand-edited link): the form shows them at their boxes. */
    unreadBounds,
    searchText,
    /** Filter button: new filters from the first page. */
    applyFilters: (next: AudioFilters) => navigate(pathFor(next, 0)),
    goToSkip: (nextSkip: number) => navigate(pathFor(filters, Math.max(0, nextSkip))),
    clearFilters: () => navigate(LIST_PATH),
  };
}
