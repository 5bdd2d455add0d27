import { createAppStore, sessionApi } from '@curator/shared/kernel';

import { readBootData } from '../features/screens/boot-data';

/** What the API wrote into the page: the remote map and the signed-in user (null without them). */
export const bootData = readBootData();

/** The page's one store. The user the page came with is in it from the start: no GET /api/me/ first. */
export const appStore = createAppStore();
if (bootData?.me)
  appStore.dispatch(
    sessionApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: bootData.me }]),
  );
