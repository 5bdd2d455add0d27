import { AUDIO_LIST_PATH, catalogApi, parseAudioListSearch, toAudioListQuery } from '@curator/shared';
import type { StartRequests } from '@curator/shared/ui';

/**
 * The list's page and the tags of its filter, asked for as soon as the screen's code is here: the
 * same arguments as the screen's own queries, which then take these requests over.
 */
export const startAudioListRequests: StartRequests = (store, { pathname, search }) => {
  if (pathname !== AUDIO_LIST_PATH) return;
  const { filters, skip } = parseAudioListSearch(new URLSearchParams(search));
  void store.dispatch(catalogApi.util.prefetch('listAudios', toAudioListQuery(filters, skip), {}));
  void store.dispatch(catalogApi.util.prefetch('listTags', undefined, {}));
};
