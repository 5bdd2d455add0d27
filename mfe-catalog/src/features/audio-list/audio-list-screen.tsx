import './audio-list.css';

import { type AudioListItem, shownData, toAudioListQuery, useListAudiosQuery } from '@curator/shared';
import { ListEmpty, Pager, useShownAfterFirstLook } from '@curator/shared/ui';
import { Flex, Typography } from 'antd';

import { AudioFiltersForm, AudioFiltersOutline } from './components/audio-filters-form';
import { AUDIO_LIST_EMPTY_TEXT, AudioTable } from './components/audio-table';
import { useAudioListSearch } from './hooks/use-audio-list-search';

const NO_AUDIOS: AudioListItem[] = [];

/** /audios/: the filterable, paginated catalog of audios (docs/screens.md). */
export function AudioListScreen() {
  const { filters, skip, unreadBounds, searchText, applyFilters, goToSkip, clearFilters } = useAudioListSearch();
  const audios = useListAudiosQuery(toAudioListQuery(filters, skip));
  const { currentData, isFetching, isLoading } = audios;
  const data = shownData(audios);
  // The rows first: the form comes just after them, its outline holding its place meanwhile.
  const filtersShown = useShownAfterFirstLook(!isLoading);
  const pager = (
    <Pager skip={skip} pageLength={data?.results.length ?? 0} total={currentData?.total} onSkip={goToSkip} />
  );

  return (
    <section className="audio-list" data-testid="audio-list-screen">
      <Typography.Title level={4} className="audio-list-title">
        Audios
      </Typography.Title>
      {filtersShown ? (
        // Remounted per URL so back/forward and Clear show the filters the list uses.
        <AudioFiltersForm
          key={searchText}
          filters={filters}
          unreadBounds={unreadBounds}
          onFilter={applyFilters}
          onClear={clearFilters}
        />
      ) : (
        <AudioFiltersOutline filters={filters} />
      )}
      <Flex justify="flex-end" className="audio-list-pager-row">
        {pager}
      </Flex>
      <AudioTable
        audios={data?.results ?? NO_AUDIOS}
        listKey={searchText}
        loading={isFetching && currentData === undefined}
        empty={<ListEmpty text={AUDIO_LIST_EMPTY_TEXT} query={audios} />}
      />
      <Flex justify="flex-end" className="audio-list-pager-row">
        {pager}
      </Flex>
    </section>
  );
}
