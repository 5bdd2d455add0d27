import { createRemoteLifecycles } from '@curator/shared';
import { CatalogRoutes } from './app/routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('catalog', CatalogRoutes);
