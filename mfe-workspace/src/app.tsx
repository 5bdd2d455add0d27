import { createRemoteLifecycles } from '@curator/shared/ui';

import { WorkspaceRoutes } from './app/routes';
import { startWorkspaceRequests } from './app/start-workspace-requests';

export const { bootstrap, mount, unmount, buildId, kernel, startRequests } = createRemoteLifecycles({
  name: 'workspace',
  Screen: WorkspaceRoutes,
  buildId: __BUILD_ID__,
  startRequests: startWorkspaceRequests,
});
