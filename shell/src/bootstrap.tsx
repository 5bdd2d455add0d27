import 'antd/dist/antd.css';
import './app/shell.css';

import { createAppStore } from '@curator/shared';
import { createRoot } from 'react-dom/client';

import { ShellApp } from './app/shell-app';
import { preloadScreenFor } from './features/layout/micro-frontends';

if (!location.pathname.startsWith('/login/')) preloadScreenFor(location.pathname);
const store = createAppStore();
createRoot(document.getElementById('root')!).render(<ShellApp store={store} />);
