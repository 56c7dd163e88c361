import { configureApiClient } from '../api/client.ts';
import { currentPage } from './navigation.ts';
import { showNotice } from './notices.ts';

/** Connect the API client's error table and pending count to the app. */
export function connectApiClient(handlers: {
  onSessionLost: (returnTo: string) => void;
  onPendingChange: (delta: 1 | -1) => void;
}): void {
  configureApiClient({
    notify: showNotice,
    onSessionLost: () => handlers.onSessionLost(currentPage()),
    onPendingChange: (_, delta) => handlers.onPendingChange(delta),
  });
}
