import { createRemoteLifecycles } from '@curator/shared';
import { WorkspaceRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('workspace', WorkspaceRoutes);
