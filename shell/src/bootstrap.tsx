import 'antd/dist/antd.css';
import './app/shell.css';

import { createRoot } from 'react-dom/client';

import { appStore } from './app/app-store';
import { ShellApp } from './app/shell-app';
import { screenRequestsStarted } from './start-screen';

// Evaluated once the current screen's first requests have left (index.ts, start-screen.ts).
void screenRequestsStarted.then(() => {
  createRoot(document.getElementById('root')!).render(<ShellApp store={appStore} />);
});
