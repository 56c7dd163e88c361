import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import { installHistoryGuard } from './console/navigation.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Before the router subscribes to hashchange: the browser's back passes the navigation guard first.
installHistoryGuard();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
