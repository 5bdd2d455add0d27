import { catalogApi } from '@curator/shared';
import { createAppStore } from '@curator/shared/kernel';

import { startAudioListRequests } from './start-audio-list-requests';

const PAGE = { total: 0, results: [] };

function stubFetch() {
  const urls: string[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(new URL(url).pathname + new URL(url).search);
    return new Response(JSON.stringify(url.includes('/tags/') ? [] : PAGE), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return urls;
}

describe('startAudioListRequests', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("asks for the page of the URL's filters and the tags, under the arguments the screen's queries use", async () => {
    const urls = stubFetch();
    const store = createAppStore();
    startAudioListRequests(store, { pathname: '/audios/', search: '?audio_type=music&q=lofi&skip=100' });
    const args = { skip: 100, sort_by: 'created_at', sort_dir: 'desc', audio_type: 'music', q: 'lofi' } as const;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all(store.dispatch(catalogApi.util.getRunningQueriesThunk()));
    expect(urls.sort()).toEqual([
      '/api/audio/?skip=100&sort_by=created_at&sort_dir=desc&audio_type=music&q=lofi',
      '/api/tags/',
    ]);
    expect(catalogApi.endpoints.listAudios.select(args)(store.getState()).data).toEqual(PAGE);
  });

  it('asks for nothing on the other routes of the screen', async () => {
    const urls = stubFetch();
    startAudioListRequests(createAppStore(), { pathname: '/templates/', search: '?music_canonical_id=1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(urls).toEqual([]);
  });
});
