import { createRemoteLifecycles } from '@curator/shared/ui';

import { AdminRoutes } from './app/routes';

export const { bootstrap, mount, unmount, buildId, kernel } = createRemoteLifecycles({
  name: 'admin',
  Screen: AdminRoutes,
  buildId: __BUILD_ID__,
});
