import { callApi } from './client.ts';
import { getReactions as getReactionsCall } from './contract/reactions.ts';

/** `mtime` (microseconds) asks for the reactions as they were then (history). */
export const getReactions = (mtime?: number) => callApi(getReactionsCall, { query: { mtime } });
