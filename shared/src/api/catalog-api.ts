import { baseApi, injectScreenEndpoints } from '@curator/shared/kernel';

import type { AudioListPage, AudioListQueryParams } from '../contract/audio';
import type { Tag } from '../contract/tags';
import type { Template, TemplateListQueryParams } from '../contract/templates';
import { audioListReadPath, TAG_LIST_READ_PATH, toQueryString } from '../domain/first-reads';
import { normalizeTagList } from '../domain/tags';
import { SCREEN_NAME } from './build-info';
import { postInTurn, settleShownChange } from './post-in-turn';

export type TaggifyAudioArgs = { id: string; tags: string[] };

/** The key of an audio's tags among the writes that go in turn (postInTurn). */
const audioTagsKey = (id: string) => JSON.stringify(['audio tags', id]);

type AudioWithTags = { id: string; tags: string[] };

/**
 * Audio `id` in the answer of a read that provides its `Audio` tag: the answer itself (an audio's detail), or an item
 * of the list it answers (rows, or a page's results).
 */
function audioIn(answer: unknown, id: string): AudioWithTags | undefined {
  const page = answer as { results?: unknown };
  const items: unknown[] = Array.isArray(answer) ? answer : Array.isArray(page?.results) ? page.results : [answer];
  return items.find(
    (item): item is AudioWithTags =>
      typeof item === 'object' &&
      item !== null &&
      (item as AudioWithTags).id === id &&
      Array.isArray((item as AudioWithTags).tags),
  );
}

/**
 * Shows `tags` as audio `id`'s in every cached read that carries the audio, whichever screen made it (screens share
 * the cache through tags): the audio list's pages, Audio Usage's rows, the workspace's audio. Returns the patches.
 */
function showAudioTags(
  dispatch: (action: unknown) => unknown,
  state: unknown,
  id: string,
  tags: string[],
): Array<{ undo: () => void }> {
  return baseApi.util.selectInvalidatedBy(state as never, [{ type: 'Audio', id }]).map(
    ({ endpointName, originalArgs }) =>
      dispatch(
        baseApi.util.updateQueryData(endpointName as never, originalArgs as never, (answer: unknown) => {
          const audio = audioIn(answer, id);
          if (audio) audio.tags = tags;
        }),
      ) as { undo: () => void },
  );
}

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
    // Show the new tags at once wherever the audio is shown; once the newest change is answered (settleShownChange),
    // the audio and the tag counts are read again.
    async onQueryStarted({ id, tags }, { dispatch, getState, queryFulfilled, requestId }) {
      const readAgain = () =>
        dispatch(
          catalogApi.util.invalidateTags([
            { type: 'Audio', id },
            { type: 'Tag', id: 'LIST' },
          ]),
        );
      await settleShownChange(
        audioTagsKey(id),
        requestId,
        () => showAudioTags(dispatch, getState(), id, normalizeTagList(tags)),
        queryFulfilled,
        { accepted: readAgain, readAgain },
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
