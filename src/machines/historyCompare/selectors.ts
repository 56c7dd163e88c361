import type { ChangedItem, DeletedItem } from '../../api/contract/audit.ts';
import type { HistoryCompareContext } from './machine.ts';
import { checkPoints } from './pointInTime.ts';
import { stableJson } from './stableJson.ts';
import { tabPath } from './tabs.ts';

/** The inline errors under From and To. */
export const pointErrors = (context: HistoryCompareContext) => checkPoints(context.fromText, context.toText);

/** The active tab's two texts for the diff (old = From, new = To); null before it is loaded for the pair. */
export function tabDiff(context: HistoryCompareContext): { before: string; after: string } | null {
  const snapshots = context.tab ? context.loaded[context.tab] : undefined;
  if (!snapshots) return null;
  return { before: stableJson(snapshots.before), after: stableJson(snapshots.after) };
}

/** Items of the active tab's resource deleted between the pair's two times (the server gives those after From). */
export function deletedInPair(context: HistoryCompareContext): DeletedItem[] {
  const { pair, deleted, tab } = context;
  if (!pair || !deleted || !tab) return [];
  return deleted.filter((item) => item.time <= pair.toMtime && item.resource === tabPath(tab));
}

/** Who changed which item of the active tab's resource between the pair's two times, newest first. */
export function changesInPair(context: HistoryCompareContext): ChangedItem[] {
  return (context.tab && context.loaded[context.tab]?.changes) || [];
}
