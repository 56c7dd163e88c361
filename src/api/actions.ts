import { callApi } from './client.ts';
import { getActions } from './contract/actions.ts';

/** `mtime` (microseconds) asks for the project actions as they were then (history). */
export const loadActions = (mtime?: number) => callApi(getActions, { query: { mtime } });
