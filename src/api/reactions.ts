import { callApi } from './client.ts';
import { getReactions } from './contract/reactions.ts';

/** `mtime` (microseconds) asks for the reactions as they were then (history). */
export const loadReactions = (mtime?: number) => callApi(getReactions, { query: { mtime } });
