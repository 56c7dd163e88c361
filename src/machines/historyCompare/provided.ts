import { fromPromise } from 'xstate';
import { getActions } from '../../api/actions.ts';
import { getEntities } from '../../api/entities.ts';
import { getIntents } from '../../api/intents.ts';
import { getAuditDeleted } from '../../api/labels.ts';
import { getReactions } from '../../api/reactions.ts';
import { getSettings } from '../../api/settings.ts';
import type { ComparisonRequest, ComparisonResult } from './actors.ts';
import { historyCompareMachine } from './machine.ts';
import type { HistoryTab } from './tabs.ts';

/** `GET /v1/{resource}?mtime=T` of each tab. */
const readAt: Record<HistoryTab, (mtime: number) => Promise<unknown>> = {
  reactions: getReactions,
  intents: getIntents,
  actions: getActions,
  entities: getEntities,
  settings: getSettings,
};

/** The history machine with its real side effects: the resource reads at both times and the audit of deletions. */
export const providedHistoryCompareMachine = historyCompareMachine.provide({
  actors: {
    loadComparison: fromPromise<ComparisonResult, ComparisonRequest>(async ({ input }) => {
      const read = readAt[input.tab];
      const [snapshots, deleted] = await Promise.all([
        input.loadTab
          ? Promise.all([read(input.fromMtime), read(input.toMtime)]).then(([before, after]) => ({ before, after }))
          : undefined,
        input.loadDeleted ? getAuditDeleted(input.fromMtime) : undefined,
      ]);
      return { snapshots, deleted };
    }),
  },
});
