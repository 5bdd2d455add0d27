import 'antd/dist/antd.css';
import './app/shell.css';

import { createAppStore, sessionApi } from '@curator/shared/kernel';
import { createRoot } from 'react-dom/client';

import { ShellApp } from './app/shell-app';
import { readBootData } from './features/screens/boot-data';
import { loadRemoteMap, preloadScreenFor } from './features/screens/screen-registry';

const store = createAppStore();
// The page came with the remote map and the user: the current screen starts loading now, while the
// chrome renders, with no API round trip before it.
const boot = readBootData();
if (boot?.me)
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: boot.me }]));
const remotes = loadRemoteMap(boot?.remotes);
if (!location.pathname.startsWith('/login/'))
  remotes.then((map) => preloadScreenFor(store, map, location.pathname)).catch(() => undefined);
createRoot(document.getElementById('root')!).render(<ShellApp store={store} />);
