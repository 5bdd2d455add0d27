import { createRemoteLifecycles } from '@curator/shared/ui';

import { WorkspaceRoutes } from './app/routes';

export const { bootstrap, mount, unmount, buildId, kernel } = createRemoteLifecycles({
  name: 'workspace',
  Screen: WorkspaceRoutes,
  buildId: __BUILD_ID__,
});
