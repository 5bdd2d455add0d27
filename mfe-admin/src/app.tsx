import { createRemoteLifecycles } from '@curator/shared';
import { AdminRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('admin', AdminRoutes);
