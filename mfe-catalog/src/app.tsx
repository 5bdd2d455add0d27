import { createRemoteLifecycles } from '@curator/shared/ui';

import { CatalogRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'catalog',
  Screen: CatalogRoutes,
  buildId: __BUILD_ID__,
});
