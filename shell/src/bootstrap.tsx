import { createRoot } from 'react-dom/client';
import { createAppStore } from '@curator/shared';
import { ShellApp } from './app/shell-app';
import './app/shell.css';

const store = createAppStore();
createRoot(document.getElementById('root')!).render(<ShellApp store={store} />);
