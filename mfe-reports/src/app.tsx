import { createRemoteLifecycles } from '@curator/shared';
import { ReportsRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('reports', ReportsRoutes);
