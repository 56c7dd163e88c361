import { callApi } from './client.ts';
import { getActions as getActionsCall } from './contract/actions.ts';

/** `mtime` (microseconds) asks for the project actions as they were then (history). */
export const getActions = (mtime?: number) => callApi(getActionsCall, { query: { mtime } });
