import { createRemoteLifecycles } from '@curator/shared/ui';

import { CatalogRoutes } from './app/routes';

export const { bootstrap, mount, unmount, buildId, kernel } = createRemoteLifecycles({
  name: 'catalog',
  Screen: CatalogRoutes,
  buildId: __BUILD_ID__,
});
