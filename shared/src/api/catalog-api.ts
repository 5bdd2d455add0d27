import { injectScreenEndpoints } from '@curator/shared/kernel';

import type { AudioListItem, AudioListPage, AudioListQueryParams } from '../contract/audio';
import type { Tag } from '../contract/tags';
import type { Template, TemplateListQueryParams } from '../contract/templates';
import { audioListReadPath, TAG_LIST_READ_PATH, toQueryString } from '../domain/first-reads';
import { normalizeTagList } from '../domain/tags';
import { SCREEN_NAME } from './build-info';
import { postInTurn, trackShownChange } from './post-in-turn';

export type TaggifyAudioArgs = { id: string; tags: string[] };

/** The key of an audio's tags among the writes that go in turn (postInTurn). */
const audioTagsKey = (id: string) => JSON.stringify(['audio tags', id]);

/** Audio list, tags and templates of the catalog screens; the tag editor and quick tags write through taggify. */
export const catalogApi = injectScreenEndpoints(SCREEN_NAME, (build) => ({
  listAudios: build.query<AudioListPage, AudioListQueryParams>({
    query: audioListReadPath,
    providesTags: (page) => [
      { type: 'Audio', id: 'LIST' },
      ...(page?.results ?? []).map((audio) => ({ type: 'Audio' as const, id: audio.id })),
    ],
  }),
  taggifyAudio: build.mutation<unknown, TaggifyAudioArgs>({
    // Each call sends the audio's whole tag list: two clicks' calls reach the server in the order clicked.
    queryFn: ({ id, tags }, _api, _extra, baseQuery) =>
      postInTurn<unknown>(audioTagsKey(id), baseQuery, {
        url: `audio/${encodeURIComponent(id)}/taggify/`,
        method: 'POST',
        body: { tags },
      }),
    // Show the new tags at once in every cached list page. Only the audio's newest change settles what is shown
    // (trackShownChange): accepted, the audio and the tag counts are read again; refused, its tags are put back, and
    // read again when other changes were on their way before it. An older change's answer is overtaken by it: a
    // page read in between would show that older change's tags until the newest's answer.
    async onQueryStarted({ id, tags }, { dispatch, getState, queryFulfilled, requestId }) {
      const answered = trackShownChange(audioTagsKey(id), requestId);
      const patches = catalogApi.util.selectCachedArgsForQuery(getState(), 'listAudios').map((args) =>
        dispatch(
          catalogApi.util.updateQueryData('listAudios', args, (page) => {
            const audio = page.results.find((item: AudioListItem) => item.id === id);
            if (audio) audio.tags = normalizeTagList(tags);
          }),
        ),
      );
      const accepted = await queryFulfilled.then(
        () => true,
        () => false,
      );
      const { isNewest, followsOthers } = answered();
      if (!isNewest) return;
      if (!accepted) patches.forEach((patch) => patch.undo());
      if (accepted || followsOthers)
        dispatch(
          catalogApi.util.invalidateTags([
            { type: 'Audio', id },
            { type: 'Tag', id: 'LIST' },
          ]),
        );
    },
  }),
  listTags: build.query<Tag[], void>({
    query: () => TAG_LIST_READ_PATH,
    providesTags: [{ type: 'Tag', id: 'LIST' }],
  }),
  listTemplates: build.query<Template[], TemplateListQueryParams>({
    query: (params) => `templates/${toQueryString(params)}`,
    providesTags: (_result, _error, { music_canonical_id }) => [{ type: 'Template', id: music_canonical_id }],
  }),
}));

export const useListAudiosQuery = catalogApi.endpoints.listAudios.useQuery;
export const useTaggifyAudioMutation = catalogApi.endpoints.taggifyAudio.useMutation;
export const useListTagsQuery = catalogApi.endpoints.listTags.useQuery;
export const useListTemplatesQuery = catalogApi.endpoints.listTemplates.useQuery;
