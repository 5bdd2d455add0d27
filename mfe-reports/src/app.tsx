import { createRemoteLifecycles } from '@curator/shared/ui';

import { ReportsRoutes } from './app/routes';

export const { bootstrap, mount, unmount, buildId, kernel } = createRemoteLifecycles({
  name: 'reports',
  Screen: ReportsRoutes,
  buildId: __BUILD_ID__,
});
