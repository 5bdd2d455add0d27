import { createRemoteLifecycles } from '@curator/shared/ui';

import { CatalogRoutes } from './app/routes';
import { startAudioListRequests } from './features/audio-list/start-audio-list-requests';

export const { bootstrap, mount, unmount, buildId, kernel, startRequests } = createRemoteLifecycles({
  name: 'catalog',
  Screen: CatalogRoutes,
  buildId: __BUILD_ID__,
  startRequests: startAudioListRequests,
});
