import { createRemoteLifecycles } from '@curator/shared/ui';

import { WorkspaceRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'workspace',
  Screen: WorkspaceRoutes,
  buildId: __BUILD_ID__,
});
