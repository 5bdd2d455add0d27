import 'antd/dist/antd.css';
import './app/shell.css';

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { appStore } from './app/app-store';
import { ShellApp } from './app/shell-app';
import { screenRequestsStarted } from './start-screen';

// Evaluated once the current screen's first requests have left (index.ts, start-screen.ts).
// The chrome's first drawing is a transition: React draws it in slices, not in one long task.
void screenRequestsStarted.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<ShellApp store={appStore} />));
});
