import { createRoot } from 'react-dom/client';
import { createAppStore } from '@curator/shared';
import { ShellApp } from './app/shell-app';
import { preloadScreenFor } from './features/layout/micro-frontends';
import './app/shell.css';

if (!location.pathname.startsWith('/login/')) preloadScreenFor(location.pathname);
const store = createAppStore();
createRoot(document.getElementById('root')!).render(<ShellApp store={store} />);
