import 'antd/dist/antd.css';
import './app/shell.css';

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { appStore } from './app/app-store';
import { ShellApp } from './app/shell-app';
import { screenRequestsStarted } from './start-screen';

// Evaluated once the current screen's first requests have left (index.ts, start-screen.ts).
// A transition: React renders the chrome in slices of a few milliseconds rather than in one long task.
void screenRequestsStarted.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<ShellApp store={appStore} />));
});
