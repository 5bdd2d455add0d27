import 'antd/dist/antd.css';
import './app/shell.css';

import { createRoot } from 'react-dom/client';

import { appStore } from './app/app-store';
import { ShellApp } from './app/shell-app';
import { screenRequestsStarted } from './start-screen';

// The chrome renders once the current screen's first requests have left (start-screen.ts): its
// render is one long task, and the screen's start would otherwise wait behind it.
void screenRequestsStarted.then(() => {
  createRoot(document.getElementById('root')!).render(<ShellApp store={appStore} />);
});
